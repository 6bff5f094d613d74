import type { FeaturedProject } from "../projects.js";
import { vrVideo } from "./videos.js";

/* The three default featured projects. Values marked PLACEHOLDER are listed in app/content/PLACEHOLDERS.md. */
export const projectsSeed: readonly FeaturedProject[] = [
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
