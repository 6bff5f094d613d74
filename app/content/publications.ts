/**
 * Publications page: publications, conferences, expertise and links.
 *
 * All titles, venues, years and links are PLACEHOLDERS (see PLACEHOLDERS.md): replace them
 * with the real publications before launch.
 */
import type { ExternalLink, ResponsiveLink } from "./types";

export const publicationsHeading = "Publications";

export const publicationsIntro =
  "Our writing shares what we learn alongside the communities we work with, from library co-design to youth media and emerging technology.";

export interface Publication {
  title: string;
  /** Where it appeared and what kind of work it is. */
  venue: string;
  year: number;
  /** External page; opens in a new tab. */
  url: string;
}

/** Five publications, in display order. */
export const publications: readonly Publication[] = [
  {
    title: "Designing With, Not For: Co-Design Practices in Public Library Settings",
    venue: "Journal article · placeholder library practice journal",
    year: 2024,
    url: "https://example.org/publications/co-design-in-libraries",
  },
  {
    title: "Navigating an AI-Empowered Future: A Guide for Community Educators",
    venue: "Practitioner guide · placeholder publisher",
    year: 2024,
    url: "https://example.org/publications/navigating-an-ai-empowered-future",
  },
  {
    title: "Designing for Teen Mental Health with Virtual Reality: Lessons from Co-Design",
    venue: "Conference paper · placeholder proceedings",
    year: 2023,
    url: "https://example.org/publications/teen-mental-health-vr",
  },
  {
    title: "Young Makers, Augmented Worlds: Youth-Led Augmented Reality Game Creation",
    venue: "Book chapter · placeholder edited volume",
    year: 2022,
    url: "https://example.org/publications/youth-ar-game-creation",
  },
  {
    title: "Amplifying Children's Voice with Media and Technology",
    venue: "Journal article · placeholder children's media journal",
    year: 2021,
    url: "https://example.org/publications/childrens-voice-media-technology",
  },
];

export interface ConferenceEntry {
  role: "Presenter" | "Panelist" | "Organizer";
  event: string;
  year: number;
  description: string;
}

export const conferencesHeading = "Conferences";

/** Four entries, in display order. */
export const conferences: readonly ConferenceEntry[] = [
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

export interface ExpertiseArea {
  title: string;
  description: string;
}

export const expertise: { heading: string; areas: readonly ExpertiseArea[] } = {
  heading: "Expertise",
  areas: [
    {
      title: "Participatory Design to Enhance Communities' Voice",
      description:
        "We create space for community members to lead, so the programs that serve them carry their ideas, language and priorities.",
    },
    {
      title: "Innovative Learning Program Design",
      description:
        "We design engaging learning programs that blend proven teaching practice with creative technology such as VR, AI and games.",
    },
    {
      title: "Empowering Professional Development for Teams",
      description:
        "We help staff build lasting skills in co-design, facilitation and emerging technology through hands-on, supportive training.",
    },
  ],
};

export const learnMore: ExternalLink = {
  label: "Learn More",
  // PLACEHOLDER: a real page listing the full body of work (for example a scholar profile).
  url: "https://example.org/publications",
  accessibleLabel: "Learn more about our research and writing",
};

export const contactCta: { heading: string; text: string; button: ResponsiveLink } = {
  heading: "Interested in working together?",
  text: "We are always happy to talk about research partnerships, speaking invitations and new projects.",
  button: { label: "Contact Us", toDesktop: "/contact-desktop", toMobile: "/contact-mobile" },
};
