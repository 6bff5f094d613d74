import type { CollectionDefinition } from "./collections.js";
import {
  externalLink,
  group,
  list,
  multiLine,
  responsiveLink,
  singleLine,
  textSection,
  titledText,
  video,
  webAddress,
} from "./fields.js";
import { aboutSeed } from "./seed/about.js";
import type { z } from "../zod.js";

/** The about page's texts, desktop and mobile. The team is a collection of its own. */
export const aboutSchema = group(
  {
    taglines: list(singleLine("Tagline", 40), "Taglines", {
      min: 1,
      max: 5,
      help: "Short words shown above the heading.",
    }),
    heading: singleLine("Heading", 120),
    mission: textSection("Mission"),
    howWeWork: group(
      {
        heading: singleLine("Heading", 120),
        intro: multiLine("Introduction", 600),
        steps: list(titledText("Step"), "Steps", { min: 1, max: 8 }),
      },
      "How we work",
    ),
    teamHeading: singleLine("Team heading", 120, {
      help: "The people themselves are in the Team collection.",
    }),
    offerings: list(textSection("Offering"), "What we offer", { min: 1, max: 10 }),
    video: group({ video: video("Video"), caption: singleLine("Caption", 200) }, "Video"),
    learnMoreLinks: list(
      externalLink("Link", "PLACEHOLDER address until launch."),
      "Learn more links",
      {
        max: 4,
      },
    ),
    contactButton: responsiveLink("Contact button"),
    mobileProjectLinks: group(
      {
        heading: singleLine("Heading", 120),
        links: list(
          group(
            {
              title: singleLine("Title", 120),
              description: multiLine("Description", 600),
              url: webAddress("Project page", "PLACEHOLDER until launch. Opens in a new tab."),
            },
            "Project",
          ),
          "Projects",
          { min: 1, max: 10 },
        ),
      },
      "Project links (mobile)",
    ),
  },
  "About page",
);

export type AboutContent = z.output<typeof aboutSchema>;

export const aboutCollection: CollectionDefinition<AboutContent> = {
  name: "about",
  label: "About page",
  kind: "singleton",
  schema: aboutSchema,
  seed: [aboutSeed],
};
