import type { CollectionDefinition } from "./collections.js";
import { group, image, multiLine, singleLine, webAddress } from "./fields.js";
import { teamSeed } from "./seed/team.js";
import type { z } from "../zod.js";

/** A person on the about page's team. */
export const teamMemberSchema = group(
  {
    name: singleLine("Name", 120, { help: "PLACEHOLDER until launch." }),
    role: singleLine("Role", 120),
    bio: multiLine("Bio", 1000),
    profileUrl: webAddress("Profile page", "PLACEHOLDER until launch. Opens in a new tab."),
    profileLabel: singleLine("Profile link text", 60),
    photo: image(
      "Photo",
      "Optional portrait, shown small beside the name on the About pages. Upload one or choose it from the media library.",
    ).optional(),
  },
  "Team member",
);

export type TeamMember = z.output<typeof teamMemberSchema>;

export const teamCollection: CollectionDefinition<TeamMember> = {
  name: "team",
  label: "Team",
  itemLabel: "team member",
  kind: "list",
  schema: teamMemberSchema,
  seed: teamSeed,
};
