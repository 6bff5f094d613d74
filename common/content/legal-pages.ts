import type { CollectionDefinition } from "./collections.js";
import { group, list, multiLine, singleLine, textSection } from "./fields.js";
import { privacySeed, termsSeed } from "./seed/legal-pages.js";
import type { z } from "../zod.js";

/*
 * The privacy policy (/privacy) and the terms of service (/terms): two pages of the same shape,
 * each a collection of its own so staff find each by name. Their seeds say what the site
 * actually does (design 15); change them with the site.
 */

export const legalPageSchema = group(
  {
    seo: group(
      {
        title: singleLine("Page title", 120, {
          help: "Shown in the browser tab and search results; about 60 characters reads best.",
        }),
        description: multiLine("Description", 300, {
          help: "Shown under the title in search results; about 155 characters reads best.",
        }),
      },
      "Search and link previews",
    ),
    heading: singleLine("Heading", 120),
    updated: singleLine("Last changed", 60, {
      help: 'Shown under the heading, e.g. "Last changed 28 November 2026"; change it with the text.',
    }),
    intro: multiLine("Introduction", 1000),
    sections: list(textSection("Section"), "Sections", { min: 1, max: 20 }),
    contactLead: singleLine("Questions line", 120, {
      help: "Shown before the organisation's email at the end of the page.",
    }),
  },
  "Page",
);

export type LegalPageContent = z.output<typeof legalPageSchema>;

export const privacyCollection: CollectionDefinition<LegalPageContent> = {
  name: "privacy",
  label: "Privacy policy",
  kind: "singleton",
  schema: legalPageSchema,
  seed: [privacySeed],
};

export const termsCollection: CollectionDefinition<LegalPageContent> = {
  name: "terms",
  label: "Terms of service",
  kind: "singleton",
  schema: legalPageSchema,
  seed: [termsSeed],
};
