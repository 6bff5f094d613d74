import type { CollectionDefinition } from "./collections.js";
import { group, pixels, singleLine, sitePath } from "./fields.js";
import { partnersSeed } from "./seed/partners.js";
import type { z } from "../zod.js";

/** A partner organisation's logo in the home page's moving strip. */
export const partnerSchema = group(
  {
    src: sitePath(
      "Logo file",
      "Use a logo only with the organisation's permission. PLACEHOLDER: the six seeded partners are fictional.",
    ),
    alt: singleLine("Organisation name", 200, {
      help: "The logo's alt text: the organisation's name as the logo shows it.",
    }),
    width: pixels("Width"),
    height: pixels("Height"),
  },
  "Partner",
);

export type PartnerLogo = z.output<typeof partnerSchema>;

export const partnersCollection: CollectionDefinition<PartnerLogo> = {
  name: "partners",
  label: "Partners",
  itemLabel: "partner",
  kind: "list",
  schema: partnerSchema,
  seed: partnersSeed,
};
