/**
 * Navigation: the desktop navbar, the mobile header and the mobile menu.
 * Change a label freely; change a path ("to") only together with the route table.
 */
import type { InternalLink } from "./types";

/** Desktop navbar links, in order. */
export const navbarLinks: readonly InternalLink[] = [
  { label: "New Project", to: "/currents-of-care" },
  { label: "Home", to: "/home-desktop" },
  { label: "About", to: "/about-desktop" },
  { label: "Services", to: "/services-desktop" },
  { label: "Publications", to: "/publications-desktop" },
  { label: "Contact Us", to: "/contact-desktop" },
];

/** Accessible name of the desktop navigation landmark. */
export const navbarLabel = "Main";

export interface MobileMenuContent {
  /** Accessible name of the header link that opens the menu. */
  openLabel: string;
  /** Where the header's menu icon goes. */
  menuPath: string;
  /** Accessible name of the menu's close control (it goes back in history). */
  closeLabel: string;
  /** Accessible name of the menu's list of links. */
  navLabel: string;
  links: readonly InternalLink[];
  /** Shown as a button below the links. */
  contactButton: InternalLink;
  taglines: readonly [string, string];
}

export const mobileMenu: MobileMenuContent = {
  openLabel: "Open menu",
  menuPath: "/menu-mobile",
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
};

/** Where the mobile header's logo goes. */
export const mobileHomePath = "/home-mobile";
