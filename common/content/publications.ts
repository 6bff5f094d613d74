import type { CollectionDefinition } from "./collections.js";
import { group, singleLine, webAddress, year } from "./fields.js";
import { publicationsSeed } from "./seed/publications.js";
import type { z } from "../zod.js";

/** A publication on the publications page. The page's own texts are in Site settings. */
export const publicationSchema = group(
  {
    title: singleLine("Title", 200, { help: "PLACEHOLDER until launch." }),
    venue: singleLine("Venue", 200, {
      help: "Where it appeared and what kind of work it is, e.g. Journal article · Library Journal.",
    }),
    year: year("Year"),
    url: webAddress("Web address", "PLACEHOLDER until launch. Opens in a new tab."),
  },
  "Publication",
);

export type Publication = z.output<typeof publicationSchema>;

export const publicationsCollection: CollectionDefinition<Publication> = {
  name: "publications",
  label: "Publications",
  itemLabel: "publication",
  kind: "list",
  schema: publicationSchema,
  seed: publicationsSeed,
};
