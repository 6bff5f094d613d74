import type { ServicesContent } from "../services.js";

/* The default services page texts. */
export const servicesSeed: ServicesContent = {
  heading: "Our Services",
  intro:
    "Courses, workshops and long-term partnerships for organizations that want to learn, design and grow together.",
  coursesHeading: "Courses",
  video: {
    src: "/video/learning-bands.mp4",
    sources: [
      { src: "/video/learning-bands.webm", type: "video/webm" },
      { src: "/video/learning-bands.mp4", type: "video/mp4" },
    ],
    poster: "/video/learning-bands-poster.webp",
    width: 640,
    height: 360,
    label: "Soft glowing shapes in coral and gold drifting across a deep teal background",
  },
  inquireMessage: "We will be happy to help you! Please tell us what class you are interested in.",
  inquire: { label: "Inquire", to: "/contact-mobile" },
  finalInquire: {
    heading: "Not sure which course fits?",
    text: "Tell us about your team and we will suggest a place to start.",
    label: "Inquire",
  },
  contactButton: { label: "Contact Us", to: "/contact-desktop" },
};
