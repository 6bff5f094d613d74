import type { CollectionDefinition } from "./collections.js";
import { choice, group, multiLine, singleLine, year } from "./fields.js";
import { conferencesSeed } from "./seed/conferences.js";
import type { z } from "../zod.js";

export const CONFERENCE_ROLES = ["Presenter", "Panelist", "Organizer"] as const;

/** A conference entry on the publications page. */
export const conferenceSchema = group(
  {
    role: choice(CONFERENCE_ROLES, "Role"),
    event: singleLine("Event", 200, { help: "PLACEHOLDER until launch." }),
    year: year("Year"),
    description: multiLine("Description", 600),
  },
  "Conference",
);

export type ConferenceEntry = z.output<typeof conferenceSchema>;

export const conferencesCollection: CollectionDefinition<ConferenceEntry> = {
  name: "conferences",
  label: "Conferences",
  itemLabel: "conference",
  kind: "list",
  schema: conferenceSchema,
  seed: conferencesSeed,
};
