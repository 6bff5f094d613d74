/**
 * Site-wide facts: the organisation's name, the practitioner, the contact address, the logo,
 * social links and the footer.
 *
 * To change a word, edit the text between the quotes and keep the quotes and commas.
 * Every value marked PLACEHOLDER is listed in PLACEHOLDERS.md and must be replaced with the
 * real value before launch.
 */
import type { ExternalLink, ImageAsset, ResponsiveLink } from "./types";

export type SocialNetwork = "facebook" | "instagram" | "youtube" | "linkedin" | "x";

export interface SocialLink {
  network: SocialNetwork;
  /** The network's name, used as the link's accessible name next to its icon. */
  label: string;
  url: string;
}

export interface Practitioner {
  name: string;
  /** Shown on the home page button "Learn More About {initials}". */
  initials: string;
  title: string;
}

export interface SiteInfo {
  organizationName: string;
  /** One-line description used in page metadata and the footer. */
  tagline: string;
  practitioner: Practitioner;
  /** The fixed recipient of contact-form messages (the email template's to_email). */
  contactEmail: string;
  /** Logo for light backgrounds. */
  logo: ImageAsset;
  /** Logo for dark backgrounds. */
  logoLight: ImageAsset;
  /** The square mark on its own (also the favicon). */
  logoMark: ImageAsset;
  /** Where the logo links to. */
  logoLinkTo: string;
}

export const site: SiteInfo = {
  // PLACEHOLDER: the organisation's real name (also drawn into the logo SVGs, the flyer and og-image.png).
  organizationName: "Commons Learning Design",
  tagline:
    "Creative design for social impact: learning programs, co-design and creative technology.",
  practitioner: {
    // PLACEHOLDER: the practitioner's real name, initials and title.
    name: "Robin Example",
    initials: "R.E.",
    title: "Instructional Designer and Creative Technologist",
  },
  // PLACEHOLDER: the real inbox that receives contact-form messages.
  contactEmail: "hello@example.com",
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
  logoLinkTo: "/home-desktop",
};

/** Social networks, in the order the footer shows them. */
export const socialLinks: readonly SocialLink[] = [
  // PLACEHOLDER: every url below; the organisation's real social profiles.
  {
    network: "facebook",
    label: "Facebook",
    url: "https://example.com/social/facebook",
  },
  {
    network: "instagram",
    label: "Instagram",
    url: "https://example.com/social/instagram",
  },
  {
    network: "youtube",
    label: "YouTube",
    url: "https://example.com/social/youtube",
  },
  {
    network: "linkedin",
    label: "LinkedIn",
    url: "https://example.com/social/linkedin",
  },
  { network: "x", label: "X", url: "https://example.com/social/x" },
];

export interface FooterContent {
  /** Accessible name of the footer's social-links list. */
  socialHeading: string;
  links: readonly ResponsiveLink[];
  /** The practitioner's profile on a professional network. */
  professionalProfile: ExternalLink;
  copyright: string;
  /** Shown as plain text, not linked. */
  privacyLabel: string;
  /** Shown as plain text, not linked. */
  termsLabel: string;
  /** Shown as plain text on the contact screens only, not linked. */
  cookieLabel: string;
}

export const footer: FooterContent = {
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
  copyright: "© 2025",
  privacyLabel: "Privacy Policy",
  termsLabel: "Terms of Service",
  cookieLabel: "Cookie Settings",
};

/** Words of the shared media and link controls (buttons on videos and the logo carousel). */
export const uiText = {
  /** Read by screen readers at the end of every link that opens a new tab. */
  newTab: "(opens in a new tab)",
  pauseVideo: "Pause video",
  playVideo: "Play video",
  /** Toggle button (pressed = paused) of the moving partner-logo track. */
  pauseAnimation: "Pause animation",
  /** Link on the error screen (to /). The navbar above it also has Home. */
  errorHomeLink: "Go to the start page",
} as const;
