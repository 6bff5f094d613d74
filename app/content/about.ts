/**
 * About page text, team, sections, video and links, for the desktop and mobile variants.
 *
 * To change a word, edit the text between the quotes. Values marked PLACEHOLDER are listed in
 * PLACEHOLDERS.md.
 */
import type { ExternalLink, ResponsiveLink, TextSection, VideoAsset } from "./types";

export const taglines = ["Create", "Build", "Design"] as const;

export const aboutHeading = "About Us";

export const mission: TextSection = {
  id: "mission",
  heading: "Our Mission",
  paragraphs: [
    "We believe the best learning is designed with the people it serves. Our mission is to help libraries, schools, universities, nonprofits and community groups create programs that are creative, inclusive and built to last.",
    "We bring together instructional design, co-design and creative technology, always in service of real people and the communities they care about.",
  ],
};

export interface WorkStep {
  title: string;
  description: string;
}

export const howWeWork: { heading: string; intro: string; steps: readonly WorkStep[] } = {
  heading: "How We Work",
  intro:
    "Every partnership is different, but our process always follows the same four steps, and your community is involved in each one.",
  steps: [
    {
      title: "Listen",
      description:
        "We start by learning about your community, your goals and what has been tried before.",
    },
    {
      title: "Co-design",
      description:
        "We invite the people closest to the challenge to imagine and shape solutions alongside us.",
    },
    {
      title: "Build",
      description:
        "We turn shared ideas into programs, materials and experiences, testing early and often.",
    },
    {
      title: "Share",
      description:
        "We hand over everything your team needs to keep going, and we help tell the story of what changed.",
    },
  ],
};

export interface TeamMember {
  name: string;
  role: string;
  bio: string;
  /** External profile page; opens in a new tab. */
  profileUrl: string;
  /** Visible text of the profile link. */
  profileLabel: string;
}

export const teamHeading = "Our Team";

/** Four people. All names, bios and profile links are PLACEHOLDERS (see PLACEHOLDERS.md). */
export const team: readonly TeamMember[] = [
  {
    // PLACEHOLDER: real name, bio and profile link of the principal.
    name: "Robin Example",
    role: "Principal",
    bio: "An instructional designer and creative technologist who leads our projects from first conversation to final handover.",
    profileUrl: "https://example.com/team/principal",
    profileLabel: "View profile",
  },
  {
    // PLACEHOLDER: real name, bio and profile link of the academic developer.
    name: "Jordan Example",
    role: "Academic Developer",
    bio: "Turns big ideas into clear, well-structured courses, guides and learning materials that teams can use right away.",
    profileUrl: "https://example.com/team/academic-developer",
    profileLabel: "View profile",
  },
  {
    // PLACEHOLDER: real name, bio and profile link of the academic advisor.
    name: "Morgan Example",
    role: "Academic Advisor",
    bio: "Brings research experience in learning sciences and participatory design, keeping our work grounded in evidence.",
    profileUrl: "https://example.com/team/academic-advisor",
    profileLabel: "View profile",
  },
  {
    // PLACEHOLDER: real name, bio and profile link of the mental health specialist.
    name: "Sasha Example",
    role: "Mental Health Specialist",
    bio: "Guides our youth and wellbeing projects so that every experience we create is safe, supportive and trauma-informed.",
    profileUrl: "https://example.com/team/mental-health-specialist",
    profileLabel: "View profile",
  },
];

/** Sections on what we offer, in display order. */
export const offerings: readonly TextSection[] = [
  {
    id: "curriculum-design",
    heading: "Curriculum Design",
    paragraphs: [
      "We design courses and learning pathways with clear goals, engaging activities and materials that fit your setting, whether that is a library program room, a classroom or an online space.",
    ],
  },
  {
    id: "mentorship",
    heading: "Mentorship",
    paragraphs: [
      "We work alongside educators, librarians and emerging designers, offering practical guidance and a thoughtful sounding board as they grow their own practice.",
    ],
  },
  {
    id: "design-sprints",
    heading: "Design Sprints",
    paragraphs: [
      "In a few focused days, your team and community members move from a shared question to a tested prototype, with a clear plan for what comes next.",
    ],
  },
  {
    id: "workshops",
    heading: "Workshops",
    paragraphs: [
      "Hands-on workshops on co-design, AI, virtual reality and playful learning, tailored to your team and delivered in person or online.",
    ],
  },
];

export const aboutVideo: { video: VideoAsset; caption: string } = {
  video: {
    src: "/video/ripples.mp4",
    sources: [
      { src: "/video/ripples.webm", type: "video/webm" },
      { src: "/video/ripples.mp4", type: "video/mp4" },
    ],
    poster: "/video/ripples-poster.webp",
    width: 640,
    height: 360,
    label: "Gentle rings of teal and cream rippling outward from the center",
  },
  caption: "Small ideas, shared widely, ripple outward into lasting change.",
};

/** External "Learn More" links. */
export const learnMoreLinks: readonly ExternalLink[] = [
  {
    label: "Learn More",
    // PLACEHOLDER: a real page about the co-design approach.
    url: "https://example.org/approach/co-design",
    accessibleLabel: "Learn more about our co-design approach",
  },
  {
    label: "Learn More",
    // PLACEHOLDER: a real page about the virtual reality work.
    url: "https://example.org/projects/virtual-reality",
    accessibleLabel: "Learn more about our virtual reality projects",
  },
];

export const contactButton: ResponsiveLink = {
  label: "Contact Us",
  toDesktop: "/contact-desktop",
  toMobile: "/contact-mobile",
};

export interface ProjectLink {
  title: string;
  description: string;
  url: string;
}

/** Shown on the mobile About page only. */
export const mobileProjectLinks: { heading: string; links: readonly ProjectLink[] } = {
  heading: "Explore Our Projects",
  links: [
    {
      title: "Sea-Level Rise in Virtual Reality",
      description:
        "Stand on a familiar shoreline and watch how rising seas could reshape it, then talk together about what communities can do.",
      // PLACEHOLDER: the real sea-level-rise VR project page.
      url: "https://example.org/projects/sea-level-rise-vr",
    },
    {
      title: "The Great Seattle Fire in Virtual Reality",
      description:
        "Step into the city of 1889 and explore how a single fire changed the way Seattle was rebuilt.",
      // PLACEHOLDER: the real Seattle fire VR project page.
      url: "https://example.org/projects/seattle-fire-vr",
    },
    {
      title: "Virtual Reality for Teen Mental Health",
      description:
        "A calming virtual space, co-designed with teens, for practicing coping skills at their own pace.",
      // PLACEHOLDER: the project's real page.
      url: "https://example.org/projects/vr-teen-mental-health",
    },
  ],
};
