/**
 * Home page text, partner logos and featured projects, for the desktop and mobile variants.
 *
 * To change a word, edit the text between the quotes. Values marked PLACEHOLDER are listed in
 * PLACEHOLDERS.md.
 */
import type { ExternalLink, ImageAsset, InternalLink, TextSection, VideoAsset } from "./types";

// ---------------------------------------------------------------------------------------------
// Shared media
// ---------------------------------------------------------------------------------------------

/** Looping, silent clip for the virtual reality project (desktop card and mobile block). */
export const vrVideo: VideoAsset = {
  src: "/video/calm-waves.mp4",
  sources: [
    { src: "/video/calm-waves.webm", type: "video/webm" },
    { src: "/video/calm-waves.mp4", type: "video/mp4" },
  ],
  poster: "/video/calm-waves-poster.webp",
  width: 640,
  height: 360,
  label: "Soft waves of teal and blue light drifting slowly across the screen",
};

// ---------------------------------------------------------------------------------------------
// Desktop
// ---------------------------------------------------------------------------------------------

export interface HeroContent {
  heading: string;
  subheading: string;
  intro: string;
  cta: InternalLink;
  /** Decorative background picture (alt is empty). */
  image: ImageAsset;
}

export const hero: HeroContent = {
  heading: "Creative Design for Social Impact",
  subheading: "Leaders in Design and Technology",
  intro:
    "We help libraries, schools, universities and community groups create learning experiences people want to be part of, designed together with the communities they serve.",
  cta: { label: "Get Started", to: "/contact-desktop" },
  image: {
    src: "/images/hero-backdrop.webp",
    avifSrc: "/images/hero-backdrop.avif",
    alt: "",
    width: 1600,
    height: 900,
    variants: [
      {
        width: 800,
        src: "/images/hero-backdrop-800w.webp",
        avifSrc: "/images/hero-backdrop-800w.avif",
      },
      {
        width: 1200,
        src: "/images/hero-backdrop-1200w.webp",
        avifSrc: "/images/hero-backdrop-1200w.avif",
      },
    ],
  },
};

export interface PartnerLogo {
  src: string;
  alt: string;
  width: number;
  height: number;
}

export interface PartnersContent {
  title: string;
  /** Short lead-in shown before the logos. */
  lead: string;
  /** Six logos. The carousel shows the list twice so the track loops. */
  logos: readonly PartnerLogo[];
}

export const partners: PartnersContent = {
  title: "Trusted by Leading Organizations",
  lead: "projects with:",
  // PLACEHOLDER: all six organisations are fictional; replace names and logo files with the
  // real partners (with their permission to show their logos).
  logos: [
    {
      src: "/images/partners/northmere-university.svg",
      alt: "Northmere University",
      width: 264,
      height: 80,
    },
    {
      src: "/images/partners/kestrel-partners.svg",
      alt: "Kestrel Partners Network",
      width: 264,
      height: 80,
    },
    {
      src: "/images/partners/westhollow-university.svg",
      alt: "Westhollow University",
      width: 264,
      height: 80,
    },
    {
      src: "/images/partners/alderbrook-library.svg",
      alt: "Alderbrook Public Library",
      width: 264,
      height: 80,
    },
    {
      src: "/images/partners/fernway-association.svg",
      alt: "Fernway Library Association",
      width: 264,
      height: 80,
    },
    {
      src: "/images/partners/lanternlight-fund.svg",
      alt: "Lanternlight Community Fund",
      width: 264,
      height: 80,
    },
  ],
};

export type ProjectTag = "Design" | "AI" | "Framework";

export interface ProjectFeature {
  title: string;
  description: string;
}

export type ProjectMedia = ({ type: "video" } & VideoAsset) | ({ type: "image" } & ImageAsset);

export interface FeaturedProject {
  id: string;
  tag: ProjectTag;
  title: string;
  description: string;
  features?: readonly ProjectFeature[];
  media: ProjectMedia;
  /** External page; opens in a new tab. */
  link: string;
  buttonText: string;
}

export const featuredProjectsHeading = "Featured Projects";

/** Three cards; every second card is shown with its layout reversed. */
export const featuredProjects: readonly FeaturedProject[] = [
  {
    id: "vr-teen-mental-health",
    tag: "Design",
    title: "Virtual Reality for Teen Mental Health",
    description:
      "Together with teens, librarians and counselors, we co-designed a calming virtual reality space where young people can practice coping skills at their own pace. Every scene was shaped by teen feedback, from the colors to the voice that guides them.",
    features: [
      {
        title: "Community Focused",
        description:
          "Built around what local teens told us they needed, and tested in the library spaces they already know and trust.",
      },
      {
        title: "Collaborative Design",
        description:
          "Teens, library staff and mental health professionals shaped each scene together in hands-on co-design sessions.",
      },
    ],
    media: { type: "video", ...vrVideo },
    // PLACEHOLDER: the project's real page.
    link: "https://example.org/projects/vr-teen-mental-health",
    buttonText: "Learn More",
  },
  {
    id: "library-summer-gpt",
    tag: "AI",
    title: "Summer Services Helper: A GPT for Libraries",
    description:
      "A specialized GPT that helps library staff plan summer reading programs, draft event descriptions and answer common questions from families, so staff can spend more of the busiest season with their community.",
    media: {
      type: "image",
      src: "/images/project-summer-gpt.webp",
      avifSrc: "/images/project-summer-gpt.avif",
      alt: "Illustration of a chat window with message bubbles beside a shelf of colorful books under a summer sun",
      width: 960,
      height: 640,
    },
    // PLACEHOLDER: the real address of the published GPT.
    link: "https://example.com/gpts/library-summer-services",
    buttonText: "Try it out",
  },
  {
    id: "teen-mental-health-framework",
    tag: "Framework",
    title: "A Supportive Framework for Teen Mental Health",
    description:
      "Working alongside seven public libraries, we developed a shared framework that helps staff create welcoming, supportive spaces for teens, with practical guides, staff training and simple ways to see what is working.",
    media: {
      type: "image",
      src: "/images/project-care-framework.webp",
      avifSrc: "/images/project-care-framework.avif",
      alt: "Illustration of seven library buildings joined in a circle around a heart",
      width: 960,
      height: 640,
    },
    // PLACEHOLDER: the framework's real page.
    link: "https://example.org/projects/teen-mental-health-framework",
    buttonText: "Learn More",
  },
];

/** Short sections shown after the featured projects. */
export const contentSections: readonly TextSection[] = [
  {
    id: "co-design",
    heading: "Co-Design at the Heart",
    paragraphs: [
      "We don't design for communities; we design with them. Listening sessions, hands-on workshops and quick prototypes put the people closest to a challenge at the center of every decision.",
    ],
  },
  {
    id: "learning-that-lasts",
    heading: "Learning That Lasts",
    paragraphs: [
      "From a single workshop to a year-long curriculum, we build learning programs with clear goals, engaging activities and the materials your team needs to keep going long after we leave.",
    ],
  },
  {
    id: "technology-with-care",
    heading: "Technology With Care",
    paragraphs: [
      "Virtual reality, AI and games can open new doors for learning. We bring them in thoughtfully, with attention to access, privacy and the wellbeing of every learner.",
    ],
  },
];

export interface FeaturedImageContent {
  image: ImageAsset;
  headline: string;
  subtitle: string;
}

export const featuredImage: FeaturedImageContent = {
  image: {
    src: "/images/home-featured.webp",
    avifSrc: "/images/home-featured.avif",
    alt: "Illustration of seven people seated together at a workshop table beneath a board covered in colorful sticky notes",
    width: 1440,
    height: 810,
  },
  headline: "Innovation Rooted in Community",
  subtitle:
    "New ideas take hold when the people they serve help shape them. Every project we take on begins with listening.",
};

export const aboutPreview: TextSection = {
  id: "about-preview",
  heading: "A Journey in Learning Design",
  paragraphs: [
    "My path into learning design began in the classroom and grew through years of building programs with the people they were meant for. Along the way I have collaborated with a film institute on youth media-making programs and with a university research team on co-design methods for libraries and schools. Today I bring that mix of educator, technologist and facilitator to every organization I work with.",
  ],
};

export interface CollaborateCta {
  heading: string;
  text: string;
  contactButton: InternalLink;
  /**
   * The second button. Its visible label is labelPrefix followed by a space and
   * site.practitioner.initials (from site.ts), e.g. "Learn More About R.E.".
   */
  learnMoreAbout: { labelPrefix: string; to: string };
}

export const collaborateCta: CollaborateCta = {
  heading: "Let's Collaborate for Change",
  text: "Have a project in mind, or just a question? We would love to hear what you are working on.",
  contactButton: { label: "Contact Us", to: "/contact-desktop" },
  learnMoreAbout: { labelPrefix: "Learn More About", to: "/about-desktop" },
};

// ---------------------------------------------------------------------------------------------
// Mobile
// ---------------------------------------------------------------------------------------------

export interface Benefit {
  title: string;
  description: string;
}

export interface HomeMobileContent {
  /** Banner under the mobile header (decorative). */
  masthead: ImageAsset;
  hero: { heading: string; text: string; contactButton: InternalLink };
  vrBlock: { heading: string; text: string; video: VideoAsset; learnMore: ExternalLink };
  collaborativeLearning: {
    heading: string;
    text: string;
    benefits: readonly [Benefit, Benefit];
    learnMore: ExternalLink;
  };
  callToCollaborate: { heading: string; text: string; contactButton: InternalLink };
  journey: TextSection;
}

export const homeMobile: HomeMobileContent = {
  masthead: {
    src: "/images/masthead.webp",
    avifSrc: "/images/masthead.avif",
    alt: "",
    width: 1200,
    height: 400,
    variants: [
      { width: 480, src: "/images/masthead-480w.webp", avifSrc: "/images/masthead-480w.avif" },
      { width: 800, src: "/images/masthead-800w.webp", avifSrc: "/images/masthead-800w.avif" },
    ],
  },
  hero: {
    heading: "Creative Design for Social Impact",
    text: "Learning programs, co-design and creative technology for libraries, schools and community groups.",
    contactButton: { label: "Contact Us", to: "/contact-mobile" },
  },
  vrBlock: {
    heading: "Virtual Reality for Teen Mental Health",
    text: "A calming virtual space, co-designed with teens, where young people can practice coping skills at their own pace.",
    video: vrVideo,
    learnMore: {
      label: "Learn More",
      // PLACEHOLDER: the project's real page (same as the first featured project).
      url: "https://example.org/projects/vr-teen-mental-health",
      accessibleLabel: "Learn more about virtual reality for teen mental health",
    },
  },
  collaborativeLearning: {
    heading: "Collaborative Learning",
    text: "When people learn together, they build more than skills. They build trust, shared language and the confidence to act.",
    benefits: [
      {
        title: "Empower Communities",
        description:
          "Community members help shape every program, so the results reflect their voices, strengths and goals.",
      },
      {
        title: "Innovative Solutions",
        description:
          "Fresh ideas come from many perspectives; we turn them into programs you can test, improve and keep.",
      },
    ],
    learnMore: {
      label: "Learn More",
      // PLACEHOLDER: a real page about the collaborative learning approach.
      url: "https://example.org/approach/collaborative-learning",
      accessibleLabel: "Learn more about collaborative learning",
    },
  },
  callToCollaborate: {
    heading: "Let's Collaborate for Change",
    text: "Tell us about your community and your goals. We will help you find the right place to start.",
    contactButton: { label: "Contact Us", to: "/contact-mobile" },
  },
  journey: {
    id: "journey",
    heading: "Our Journey",
    paragraphs: [
      "What began as a love of teaching grew into a practice of designing learning with, not for, the people it serves.",
      "We have partnered with a film institute, a university and public libraries across the region on programs in media making, co-design, mental health and emerging technology, and every project has taught us something new about listening well.",
    ],
  },
};
