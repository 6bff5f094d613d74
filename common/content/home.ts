import type { CollectionDefinition } from "./collections.js";
import {
  externalLink,
  group,
  image,
  internalLink,
  list,
  multiLine,
  singleLine,
  pagePath,
  textSection,
  titledText,
  video,
} from "./fields.js";
import { homeSeed } from "./seed/home.js";
import type { z } from "../zod.js";

/** The home page's texts, desktop and mobile. Partner logos and featured projects are lists of their own. */
export const homeSchema = group(
  {
    hero: group(
      {
        heading: singleLine("Heading", 120),
        subheading: singleLine("Subheading", 120),
        intro: multiLine("Introduction", 600),
        cta: internalLink("Button"),
        image: image("Background picture", "Decorative: leave its alt text empty.", {
          servesWidth: "desktop",
          counterpart: "mobile.masthead",
        }),
      },
      "Hero (desktop)",
    ),
    partners: group(
      {
        title: singleLine("Title", 120),
        lead: singleLine("Lead-in", 120, { help: "Short text shown before the logos." }),
      },
      "Partners strip",
      "The logos themselves are in the Partners collection.",
    ),
    featuredProjectsHeading: singleLine("Featured projects heading", 120, {
      help: "The projects themselves are in the Featured projects collection.",
    }),
    contentSections: list(textSection("Section"), "Sections after the projects", {
      min: 1,
      max: 10,
    }),
    featuredImage: group(
      {
        image: image("Picture", undefined, { servesWidth: "desktop" }),
        headline: singleLine("Headline", 120),
        subtitle: multiLine("Subtitle", 600),
      },
      "Featured picture",
    ),
    aboutPreview: textSection(
      "About preview",
      "Optionally name the real film institute and university (PLACEHOLDER wording).",
    ),
    collaborateCta: group(
      {
        heading: singleLine("Heading", 120),
        text: multiLine("Text", 600),
        contactButton: internalLink("Contact button"),
        learnMoreAbout: group(
          {
            labelPrefix: singleLine("Label before the initials", 60, {
              help: 'The button reads this, a space and the practitioner\'s initials, e.g. "Learn More About R.E.".',
            }),
            to: pagePath("Page"),
          },
          "Learn more button",
        ),
      },
      "Call to collaborate (desktop)",
    ),
    mobile: group(
      {
        masthead: image("Masthead", "Banner under the mobile header; decorative.", {
          servesWidth: "mobile",
          counterpart: "hero.image",
        }),
        hero: group(
          {
            heading: singleLine("Heading", 120),
            text: multiLine("Text", 600),
            contactButton: internalLink("Contact button"),
          },
          "Hero",
        ),
        vrBlock: group(
          {
            heading: singleLine("Heading", 120),
            text: multiLine("Text", 600),
            video: video("Video"),
            learnMore: externalLink("Learn more link", "PLACEHOLDER address until launch."),
          },
          "Virtual reality block",
        ),
        collaborativeLearning: group(
          {
            heading: singleLine("Heading", 120),
            text: multiLine("Text", 600),
            benefits: list(titledText("Benefit"), "Benefits", { min: 2, max: 2 }),
            learnMore: externalLink("Learn more link", "PLACEHOLDER address until launch."),
          },
          "Collaborative learning",
        ),
        callToCollaborate: group(
          {
            heading: singleLine("Heading", 120),
            text: multiLine("Text", 600),
            contactButton: internalLink("Contact button"),
          },
          "Call to collaborate",
        ),
        journey: textSection(
          "Our journey",
          "Optionally name the real film institute and university (PLACEHOLDER wording).",
        ),
      },
      "Mobile home page",
    ),
  },
  "Home page",
);

export type HomeContent = z.output<typeof homeSchema>;

export const homeCollection: CollectionDefinition<HomeContent> = {
  name: "home",
  label: "Home page",
  kind: "singleton",
  schema: homeSchema,
  seed: [homeSeed],
};
