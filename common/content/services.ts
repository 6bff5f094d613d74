import type { CollectionDefinition } from "./collections.js";
import { group, internalLink, multiLine, singleLine, video } from "./fields.js";
import { servicesSeed } from "./seed/services.js";
import type { z } from "../zod.js";

/** The services page's texts. Courses and areas of expertise are collections of their own. */
export const servicesSchema = group(
  {
    heading: singleLine("Heading", 120),
    intro: multiLine("Introduction", 600),
    coursesHeading: singleLine("Courses heading", 120),
    video: video("Video"),
    inquireMessage: multiLine("Inquire message", 1000, {
      help: "Prefilled into the contact form's Message field when a visitor presses Inquire.",
    }),
    inquire: internalLink("Inquire button", "On each course card; opens the contact form."),
    finalInquire: group(
      {
        heading: singleLine("Heading", 120),
        text: multiLine("Text", 600),
        label: singleLine("Button text", 40),
      },
      "Final call to action (mobile)",
    ),
    contactButton: internalLink("Contact button"),
  },
  "Services page",
);

export type ServicesContent = z.output<typeof servicesSchema>;

export const servicesCollection: CollectionDefinition<ServicesContent> = {
  name: "services",
  label: "Services page",
  kind: "singleton",
  schema: servicesSchema,
  seed: [servicesSeed],
};
