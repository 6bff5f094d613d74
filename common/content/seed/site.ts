import type { SiteContent } from "../site.js";
import { EVENTS_PAGE_SEO, UPDATES_PAGE_SEO } from "./added-page-seo.js";

/*
 * The default site settings: the texts of docs/product.md. Values marked PLACEHOLDER are listed
 * in app/content/PLACEHOLDERS.md and must be replaced with the real ones before launch.
 */
export const siteSeed: SiteContent = {
  tagline:
    "Creative design for social impact: learning programs, co-design and creative technology.",
  practitioner: {
    // PLACEHOLDER: the practitioner's real name, initials and title.
    name: "Robin Example",
    initials: "R.E.",
    title: "Instructional Designer and Creative Technologist",
  },
  logo: {
    src: "/images/logo.svg",
    alt: "Commons Learning Design", // PLACEHOLDER: organisation name
    width: 232,
    height: 56,
  },
  logoLight: {
    src: "/images/logo-light.svg",
    alt: "Commons Learning Design", // PLACEHOLDER: organisation name
    width: 232,
    height: 56,
  },
  logoMark: {
    src: "/images/logo-mark.svg",
    alt: "",
    width: 64,
    height: 64,
  },
  navigation: {
    navbarLabel: "Main",
    navbarLinks: [
      { label: "New Project", to: "/currents-of-care" },
      { label: "Home", to: "/home-desktop" },
      { label: "About", to: "/about-desktop" },
      { label: "Services", to: "/services-desktop" },
      { label: "Publications", to: "/publications-desktop" },
      { label: "Contact Us", to: "/contact-desktop" },
    ],
    mobileMenu: {
      openLabel: "Open menu",
      closeLabel: "Close menu",
      navLabel: "Menu",
      links: [
        { label: "New Project", to: "/currents-of-care" },
        { label: "Home", to: "/home-mobile" },
        { label: "About", to: "/about-mobile" },
        { label: "Services", to: "/services-mobile" },
        { label: "Publications", to: "/publications-mobile" },
      ],
      contactButton: { label: "Contact Us", to: "/contact-mobile" },
      taglines: ["Learning for Change", "Collective Design for Social Good"],
    },
  },
  footer: {
    socialHeading: "Follow us",
    links: [
      { label: "About Us", toDesktop: "/about-desktop", toMobile: "/about-mobile" },
      { label: "Our Services", toDesktop: "/services-desktop", toMobile: "/services-mobile" },
      { label: "Contact Us", toDesktop: "/contact-desktop", toMobile: "/contact-mobile" },
    ],
    professionalProfile: {
      label: "Connect on LinkedIn",
      // PLACEHOLDER: the practitioner's real professional-network profile.
      url: "https://example.com/profile/robin-example",
      accessibleLabel: "Connect with Robin Example on LinkedIn",
    },
    privacyLabel: "Privacy Policy",
    termsLabel: "Terms of Service",
    cookieLabel: "Cookie Settings",
  },
  contact: {
    heading: "Contact us",
    intro:
      "Tell us a little about your project, your community or the course you have in mind. We read every message and will get back to you as soon as we can.",
    replyWithin: "We reply within",
    fields: {
      firstName: { label: "First name", autoComplete: "given-name" },
      lastName: { label: "Last name", autoComplete: "family-name" },
      email: { label: "Email", autoComplete: "email" },
      message: { label: "Message", autoComplete: "off" },
    },
    submit: "Submit",
    sending: "Sending...",
    success: "Message sent successfully!",
    failure: "Failed to send message. Please try again.",
  },
  sms: {
    heading: "Get Text Updates",
    intro:
      "Sign up for text messages about interactive movie viewings, upcoming events and ways to take part.",
    phoneLabel: "Phone number",
    phonePlaceholder: "(555) 555-0123",
    phoneHint: "A 10-digit U.S. mobile number.",
    subscribe: "Subscribe",
    subscribing: "Subscribing...",
    errors: {
      failed: "We could not save your number. Please try again.",
    },
    success: {
      heading: "Thank you!",
      text: "You are now subscribed to text updates. You can reply STOP at any time to unsubscribe.",
    },
    privacyNote: "We never sell or share your phone number.",
  },
  publicationsPage: {
    heading: "Publications",
    intro:
      "Our writing shares what we learn alongside the communities we work with, from library co-design to youth media and emerging technology.",
    conferencesHeading: "Conferences",
    expertise: {
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
    },
    learnMore: {
      label: "Learn More",
      // PLACEHOLDER: a real page listing the full body of work (for example a scholar profile).
      url: "https://example.org/publications",
      accessibleLabel: "Learn more about our research and writing",
    },
    contactCta: {
      heading: "Interested in working together?",
      text: "We are always happy to talk about research partnerships, speaking invitations and new projects.",
      button: { label: "Contact Us", toDesktop: "/contact-desktop", toMobile: "/contact-mobile" },
    },
  },
  seo: {
    // PLACEHOLDER: the organisation name, here and in every title below.
    siteName: "Commons Learning Design",
    defaultDescription:
      "Creative design for social impact: co-design, learning programs and creative technology for libraries, schools, universities and community groups.",
    defaultOgImage: {
      src: "/og-image.png",
      alt: "Commons Learning Design: Creative Design for Social Impact. Leaders in Design and Technology.",
      width: 1200,
      height: 630,
      type: "image/png",
    },
    pages: {
      home: {
        title: "Creative Design for Social Impact | Commons Learning Design",
        description:
          "Creative design for social impact: co-design, learning programs and creative technology for libraries, schools, universities and community groups.",
      },
      about: {
        title: "About Us | Commons Learning Design",
        description:
          "Meet our team and learn how we design learning with communities: curriculum design, mentorship, design sprints and workshops.",
      },
      services: {
        title: "Services and Courses | Commons Learning Design",
        description:
          "Courses and workshops on co-design, AI and games-based learning, plus grant support, for libraries, schools and community groups.",
      },
      contact: {
        title: "Contact Us | Commons Learning Design",
        description:
          "Tell us about your project, your community or the course you have in mind. We would love to hear from you.",
      },
      menu: {
        title: "Menu | Commons Learning Design",
        description:
          "Find your way around: projects, about us, services, publications and contact.",
      },
      publications: {
        title: "Publications | Commons Learning Design",
        description:
          "Writing and talks on co-design in libraries, AI in learning, virtual reality for teen mental health and children's voice in media.",
      },
      smsOptIn: {
        title: "Text Updates | Commons Learning Design",
        description:
          "Sign up for text messages about interactive movie viewings, event reminders and ways to take part. Reply STOP to unsubscribe.",
      },
      event: {
        title: "Currents of Care: Community Mural Gathering | Commons Learning Design",
        description:
          "A free community mural gathering honoring the Cedar River and Indigenous heritage. Saturdays, October 11 and 25, 2025, 12:00-3:00 PM, Renton, WA.",
      },
      events: EVENTS_PAGE_SEO,
      updates: UPDATES_PAGE_SEO,
    },
  },
  ui: {
    newTab: "(opens in a new tab)",
    pauseVideo: "Pause video",
    playVideo: "Play video",
    pauseAnimation: "Pause animation",
    errorHomeLink: "Go to the start page",
  },
};
