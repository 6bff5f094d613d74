import type { CollectionDefinition } from "./collections.js";
import { choice, group, list, multiLine, singleLine } from "./fields.js";
import { expertiseSeed } from "./seed/expertise.js";
import type { z } from "../zod.js";

/** The pictures of the services page's areas are chosen by this name. */
export const EXPERTISE_AREAS = [
  "collaborate",
  "expertise",
  "innovate",
  "impact",
  "funding",
] as const;

/** An area of expertise on the services page. */
export const expertiseSchema = group(
  {
    id: choice(EXPERTISE_AREAS, "Area", "Chooses the area's picture and its anchor in the page."),
    heading: singleLine("Heading", 120),
    text: multiLine("Text", 1000),
    figures: list(
      group({ value: singleLine("Value", 20), label: singleLine("Label", 60) }, "Figure"),
      "Figures",
      { max: 4, help: "Shown on the mobile page, e.g. 50% Grant funding." },
    ).optional(),
  },
  "Area of expertise",
);

export type ExpertiseSection = z.output<typeof expertiseSchema>;

export const expertiseCollection: CollectionDefinition<ExpertiseSection> = {
  name: "expertise",
  label: "Areas of expertise",
  itemLabel: "area of expertise",
  kind: "list",
  schema: expertiseSchema,
  seed: expertiseSeed,
};
