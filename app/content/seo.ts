/**
 * Page titles and descriptions for search engines and link previews.
 * Keep titles under about 60 characters and descriptions under about 155.
 */
import type { SINGLE_SCREENS, Variant, VariantScreen } from "~/route-paths";

/** Every public screen of the route table (app/route-paths.ts): each needs its entry below. */
export type PublicRoute = `/${VariantScreen}-${Variant}` | (typeof SINGLE_SCREENS)[number];

export interface PageSeo {
  title: string;
  description: string;
}

// PLACEHOLDER: the site's address (scheme and host, no trailing slash) for absolute links in page
// metadata, JSON-LD, robots.txt, sitemap.xml and the calendar file when the server runs without
// PUBLIC_ORIGIN; with it, PUBLIC_ORIGIN is used (app/lib/site-origin.ts).
export const siteUrl = "https://www.example.org";

// PLACEHOLDER: the organisation name, here and in every title below.
export const siteName = "Commons Learning Design";

export const defaultOgImage = {
  src: "/og-image.png",
  alt: "Commons Learning Design: Creative Design for Social Impact. Leaders in Design and Technology.",
  width: 1200,
  height: 630,
  type: "image/png",
} as const;

export const defaultDescription =
  "Creative design for social impact: co-design, learning programs and creative technology for libraries, schools, universities and community groups.";

const home: PageSeo = {
  title: "Creative Design for Social Impact | Commons Learning Design",
  description: defaultDescription,
};
const about: PageSeo = {
  title: "About Us | Commons Learning Design",
  description:
    "Meet our team and learn how we design learning with communities: curriculum design, mentorship, design sprints and workshops.",
};
const services: PageSeo = {
  title: "Services and Courses | Commons Learning Design",
  description:
    "Courses and workshops on co-design, AI and games-based learning, plus grant support, for libraries, schools and community groups.",
};
const contact: PageSeo = {
  title: "Contact Us | Commons Learning Design",
  description:
    "Tell us about your project, your community or the course you have in mind. We would love to hear from you.",
};
const publications: PageSeo = {
  title: "Publications | Commons Learning Design",
  description:
    "Writing and talks on co-design in libraries, AI in learning, virtual reality for teen mental health and children's voice in media.",
};
const currentsOfCare: PageSeo = {
  title: "Currents of Care: Community Mural Gathering | Commons Learning Design",
  description:
    "A free community mural gathering honoring the Cedar River and Indigenous heritage. Saturdays, October 11 and 25, 2025, 12:00-3:00 PM, Renton, WA.",
};

export const pageSeo: Readonly<Record<PublicRoute, PageSeo>> = {
  "/home-desktop": home,
  "/home-mobile": home,
  "/about-desktop": about,
  "/about-mobile": about,
  "/services-desktop": services,
  "/services-mobile": services,
  "/contact-desktop": contact,
  "/contact-mobile": contact,
  "/menu-mobile": {
    title: "Menu | Commons Learning Design",
    description: "Find your way around: projects, about us, services, publications and contact.",
  },
  "/publications-desktop": publications,
  "/publications-mobile": publications,
  "/sms-opt-in": {
    title: "Text Updates | Commons Learning Design",
    description:
      "Sign up for text messages about interactive movie viewings, event reminders and ways to take part. Reply STOP to unsubscribe.",
  },
  "/currents-of-care-desktop": currentsOfCare,
  "/currents-of-care-mobile": currentsOfCare,
};
