import type { CollectionDefinition } from "./collections.js";
import {
  choice,
  externalLink,
  group,
  image,
  internalLink,
  list,
  multiLine,
  pixels,
  responsiveLink,
  singleLine,
  sitePath,
} from "./fields.js";
import { siteSeed } from "./seed/site.js";
import { EVENTS_PAGE_SEO, UPDATES_PAGE_SEO } from "./seed/added-page-seo.js";
import { z } from "../zod.js";

/*
 * Site settings and the texts of the pages that have no collection of their own: navigation,
 * footer, contact, menu, SMS opt-in, the publications page's headings, page titles and
 * descriptions, and the words of shared controls. Grouped per page so the editor shows them so.
 */

const PAGE_TITLE_MAX = 120;
const PAGE_DESCRIPTION_MAX = 300;

const pageSeo = (label: string) =>
  group(
    {
      title: singleLine("Page title", PAGE_TITLE_MAX, {
        help: "Shown in the browser tab and search results; about 60 characters reads best. PLACEHOLDER organisation name until launch.",
      }),
      description: multiLine("Description", PAGE_DESCRIPTION_MAX, {
        help: "Shown under the title in search results and link previews; about 155 characters reads best.",
      }),
    },
    label,
  );

const contactField = (label: string) =>
  group(
    {
      label: singleLine("Label", 60, { help: "Also the field's accessible name; keep it short." }),
      autoComplete: singleLine("Autofill hint", 60, {
        help: "The browser's autofill token, e.g. given-name, email, or off.",
      }),
    },
    label,
  );

export const siteSchema = group(
  {
    tagline: multiLine("Tagline", 300, {
      help: "One-line description used in page metadata and the footer.",
    }),
    practitioner: group(
      {
        name: singleLine("Name", 120, { help: "PLACEHOLDER until launch." }),
        initials: singleLine("Initials", 20, {
          help: 'Shown on the home page button "Learn More About {initials}".',
        }),
        title: singleLine("Title", 120),
      },
      "Practitioner",
    ),
    logo: image(
      "Logo",
      "For light backgrounds. Its alt text is the organisation's name (PLACEHOLDER until launch).",
    ),
    logoLight: image(
      "Light logo",
      "For dark backgrounds. Its alt text is the organisation name (PLACEHOLDER until launch).",
    ),
    logoMark: image("Logo mark", "The square mark on its own (also the favicon)."),
    navigation: group(
      {
        navbarLabel: singleLine("Desktop navigation name", 60, {
          help: "Accessible name of the desktop navigation landmark.",
        }),
        navbarLinks: list(internalLink("Link"), "Desktop navigation links", { min: 1, max: 10 }),
        mobileMenu: group(
          {
            openLabel: singleLine("Open menu name", 60, {
              help: "Accessible name of the header link that opens the menu.",
            }),
            closeLabel: singleLine("Close menu name", 60),
            navLabel: singleLine("Menu list name", 60),
            links: list(internalLink("Link"), "Menu links", { min: 1, max: 10 }),
            contactButton: internalLink("Contact button"),
            taglines: z
              .tuple([singleLine("First tagline", 120), singleLine("Second tagline", 120)])
              .meta({
                label: "Taglines",
                help: "Two lines shown at the bottom of the menu.",
              }),
          },
          "Mobile menu",
        ),
      },
      "Navigation",
    ),
    footer: group(
      {
        socialHeading: singleLine("Social links name", 60, {
          help: "Accessible name of the footer's list of social links.",
        }),
        links: list(responsiveLink("Link"), "Footer links", { max: 10 }),
        professionalProfile: externalLink(
          "Professional profile",
          "PLACEHOLDER until launch. The practitioner's profile on a professional network.",
        ),
        privacyLabel: singleLine("Privacy label", 60, {
          help: "The link to the privacy policy (/privacy; its text is in Privacy policy).",
        }),
        termsLabel: singleLine("Terms label", 60, {
          help: "The link to the terms of service (/terms; its text is in Terms of service).",
        }),
        cookieLabel: singleLine("Cookie label", 60, {
          help: "Shown as plain text on the contact screens only, not linked.",
        }),
      },
      "Footer",
    ),
    contact: group(
      {
        heading: singleLine("Heading", 120),
        intro: multiLine("Introduction", 600),
        // Added with the organisation's facts: stored settings from before read the default.
        replyWithin: singleLine("Reply time sentence", 60, {
          help: 'Its start; the organisation\'s "How soon you reply" ends it, e.g. "We reply within two working days."',
        }).default("We reply within"),
        fields: group(
          {
            firstName: contactField("First name field"),
            lastName: contactField("Last name field"),
            email: contactField("Email field"),
            message: contactField("Message field"),
          },
          "Form fields",
        ),
        submit: singleLine("Submit button", 40),
        sending: singleLine("While sending", 60),
        success: singleLine("Sent message", 200),
        failure: singleLine("Failure message", 200),
      },
      "Contact page",
    ),
    sms: group(
      {
        heading: singleLine("Heading", 120),
        intro: multiLine("Introduction", 600),
        phoneLabel: singleLine("Phone field label", 60),
        phonePlaceholder: singleLine("Phone field example", 40),
        phoneHint: singleLine("Phone field hint", 200),
        subscribe: singleLine("Subscribe button", 40),
        subscribing: singleLine("While subscribing", 60),
        errors: group(
          { failed: singleLine("Could not save", 200) },
          "Error messages",
          "The messages about the number itself are the server's own (common/phone.ts).",
        ),
        success: group(
          { heading: singleLine("Heading", 120), text: multiLine("Text", 600) },
          "After subscribing",
        ),
        privacyNote: singleLine("Privacy note", 200),
      },
      "SMS opt-in page",
      "The consent text itself is not here: it is versioned with every stored opt-in (common/sms.ts).",
    ),
    publicationsPage: group(
      {
        heading: singleLine("Heading", 120),
        intro: multiLine("Introduction", 600),
        conferencesHeading: singleLine("Conferences heading", 120),
        expertise: group(
          {
            heading: singleLine("Heading", 120),
            areas: list(
              group(
                { title: singleLine("Title", 120), description: multiLine("Description", 600) },
                "Area",
              ),
              "Areas",
              { min: 1, max: 10 },
            ),
          },
          "Expertise",
        ),
        learnMore: externalLink("Learn more link", "PLACEHOLDER address until launch."),
        contactCta: group(
          {
            heading: singleLine("Heading", 120),
            text: multiLine("Text", 600),
            button: responsiveLink("Button"),
          },
          "Contact call to action",
        ),
      },
      "Publications page",
    ),
    seo: group(
      {
        siteName: singleLine("Site name", 120, {
          help: "PLACEHOLDER until launch. Used in link previews and the calendar file.",
        }),
        defaultDescription: multiLine("Default description", PAGE_DESCRIPTION_MAX),
        defaultOgImage: group(
          {
            src: sitePath("Picture file"),
            alt: singleLine("Alt text", 400, {
              help: "PLACEHOLDER organisation name until launch.",
            }),
            width: pixels("Width"),
            height: pixels("Height"),
            type: choice(["image/png", "image/jpeg", "image/webp"], "Format"),
          },
          "Link-preview picture",
        ),
        pages: group(
          {
            home: pageSeo("Home"),
            about: pageSeo("About"),
            services: pageSeo("Services"),
            contact: pageSeo("Contact"),
            menu: pageSeo("Menu"),
            publications: pageSeo("Publications"),
            smsOptIn: pageSeo("SMS opt-in"),
            event: pageSeo("Event"),
            // Added with the events and updates pages: stored settings from before read these.
            events: pageSeo("Events").default(EVENTS_PAGE_SEO),
            updates: pageSeo("Updates").default(UPDATES_PAGE_SEO),
          },
          "Pages",
        ),
      },
      "Search and link previews",
    ),
    ui: group(
      {
        newTab: singleLine("New tab note", 60, {
          help: "Read by screen readers at the end of every link that opens a new tab.",
        }),
        pauseVideo: singleLine("Pause video", 40),
        playVideo: singleLine("Play video", 40),
        pauseAnimation: singleLine("Pause animation", 40, {
          help: "The toggle of the moving partner logos (pressed means paused).",
        }),
        errorHomeLink: singleLine("Error page link", 60, {
          help: "The link to the start page on the error screen.",
        }),
      },
      "Words of shared controls",
    ),
  },
  "Site settings",
);

export type SiteContent = z.output<typeof siteSchema>;

export const siteCollection: CollectionDefinition<SiteContent> = {
  name: "site",
  label: "Site settings",
  kind: "singleton",
  schema: siteSchema,
  seed: [siteSeed],
};
