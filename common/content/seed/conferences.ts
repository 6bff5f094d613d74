import type { ConferenceEntry } from "../conferences.js";

/* Four entries, in display order. The events are PLACEHOLDERS (see app/content/PLACEHOLDERS.md). */
export const conferencesSeed: readonly ConferenceEntry[] = [
  {
    role: "Presenter",
    event: "Placeholder Learning Summit 2022",
    year: 2022,
    description:
      "Shared practical co-design methods for building learning programs with library communities.",
  },
  {
    role: "Panelist",
    event: "Placeholder Libraries and Technology Forum",
    year: 2023,
    description:
      "Joined a panel on responsible uses of AI in public libraries and community learning.",
  },
  {
    role: "Panelist",
    event: "Placeholder Youth Wellbeing and Design Conference",
    year: 2023,
    description:
      "Discussed how virtual reality can support teen mental health when teens help design it.",
  },
  {
    role: "Organizer",
    event: "Placeholder Community Co-Design Gathering",
    year: 2024,
    description:
      "Brought together librarians, educators and community members for a day of hands-on co-design.",
  },
];
