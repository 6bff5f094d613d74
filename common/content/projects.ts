import type { CollectionDefinition } from "./collections.js";
import {
  choice,
  group,
  image,
  list,
  multiLine,
  singleLine,
  slug,
  titledText,
  video,
  webAddress,
} from "./fields.js";
import { projectsSeed } from "./seed/projects.js";
import { z } from "../zod.js";

export const PROJECT_TAGS = ["Design", "AI", "Framework"] as const;

const media = z
  .discriminatedUnion(
    "type",
    [
      video("Video")
        .extend({ type: z.literal("video").meta({ label: "Kind", help: "A video." }) })
        .meta({ label: "Video" }),
      image("Picture")
        .extend({ type: z.literal("image").meta({ label: "Kind", help: "A picture." }) })
        .meta({ label: "Picture" }),
    ],
    { error: 'Media must be a video (type "video") or a picture (type "image")' },
  )
  .meta({ label: "Media", help: "A looping silent video or a picture." });

/** A featured project on the desktop home page; every second card is shown reversed. */
export const projectSchema = group(
  {
    id: slug("Anchor name", "Identifies the card; made from the title.", {
      kind: "anchor",
      from: "title",
    }),
    tag: choice(PROJECT_TAGS, "Tag"),
    title: singleLine("Title", 120),
    description: multiLine("Description", 1000),
    features: list(titledText("Feature"), "Features", { max: 4 }).optional(),
    media,
    link: webAddress("Project page", "PLACEHOLDER until launch. Opens in a new tab."),
    buttonText: singleLine("Button text", 40),
  },
  "Featured project",
);

export type FeaturedProject = z.output<typeof projectSchema>;

export const projectsCollection: CollectionDefinition<FeaturedProject> = {
  name: "projects",
  label: "Featured projects",
  itemLabel: "featured project",
  kind: "list",
  schema: projectSchema,
  seed: projectsSeed,
};
