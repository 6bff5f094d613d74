import type { HomeContent } from "../home.js";
import { vrVideo } from "./videos.js";

/* The default home page texts. Values marked PLACEHOLDER are listed in app/content/PLACEHOLDERS.md. */
export const homeSeed: HomeContent = {
  hero: {
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
  },
  partners: { title: "Trusted by Leading Organizations", lead: "projects with:" },
  featuredProjectsHeading: "Featured Projects",
  contentSections: [
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
  ],
  featuredImage: {
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
  },
  aboutPreview: {
    id: "about-preview",
    heading: "A Journey in Learning Design",
    paragraphs: [
      "My path into learning design began in the classroom and grew through years of building programs with the people they were meant for. Along the way I have collaborated with a film institute on youth media-making programs and with a university research team on co-design methods for libraries and schools. Today I bring that mix of educator, technologist and facilitator to every organization I work with.",
    ],
  },
  collaborateCta: {
    heading: "Let's Collaborate for Change",
    text: "Have a project in mind, or just a question? We would love to hear what you are working on.",
    contactButton: { label: "Contact Us", to: "/contact-desktop" },
    learnMoreAbout: { labelPrefix: "Learn More About", to: "/about-desktop" },
  },
  mobile: {
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
  },
};
