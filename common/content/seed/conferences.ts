import type { ConferenceEntry } from "../conferences.js";

/*
 * Four entries, in display order. The events are PLACEHOLDERS (see app/content/PLACEHOLDERS.md),
 * described neutrally until the real names replace them: visitors never read the word.
 */
export const conferencesSeed: readonly ConferenceEntry[] = [
  {
    role: "Presenter",
    event: "A regional learning design summit",
    year: 2022,
    description:
      "Shared practical co-design methods for building learning programs with library communities.",
  },
  {
    role: "Panelist",
    event: "A libraries and technology forum",
    year: 2023,
    description:
      "Joined a panel on responsible uses of AI in public libraries and community learning.",
  },
  {
    role: "Panelist",
    event: "A youth wellbeing and design conference",
    year: 2023,
    description:
      "Discussed how virtual reality can support teen mental health when teens help design it.",
  },
  {
    role: "Organizer",
    event: "A community co-design gathering",
    year: 2024,
    description:
      "Brought together librarians, educators and community members for a day of hands-on co-design.",
  },
];
