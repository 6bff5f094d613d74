import type { CollectionName } from "#common/content/collections";
import type { ContentEntry } from "#common/content-api";

/** The public page that shows a collection, opened with `?preview` to see the drafts. */
export const PREVIEW_PATHS: Readonly<Record<CollectionName, string>> = {
  site: "/home-desktop",
  organisation: "/contact-desktop",
  home: "/home-desktop",
  about: "/about-desktop",
  services: "/services-desktop",
  courses: "/services-desktop",
  publications: "/publications-desktop",
  conferences: "/publications-desktop",
  expertise: "/services-desktop",
  team: "/about-desktop",
  partners: "/home-desktop",
  projects: "/home-desktop",
  events: "/events",
  privacy: "/privacy",
  terms: "/terms",
};

/**
 * The preview address (docs/decisions/016): the public page, rendered with the drafts for staff.
 * `?preview=<collection>[/<id>]` names the editor the preview's banner leads back to.
 */
export function previewUrl(collection: CollectionName, id?: string): string {
  return `${PREVIEW_PATHS[collection]}?preview=${collection}${id ? `/${id}` : ""}`;
}

export type EntryState = "new" | "draft" | "scheduled" | "changed" | "published" | "deleted";

/** Where an entry stands, as staff see it. */
export function entryState(entry: ContentEntry | null): EntryState {
  if (!entry) return "new";
  if (entry.publish_at) return "scheduled";
  if (entry.status === "deleted") return "deleted";
  if (entry.status === "draft") return "draft";
  return entry.draft ? "changed" : "published";
}

export const STATE_TEXT: Readonly<Record<EntryState, string>> = {
  new: "New, not saved yet",
  draft: "Draft, never published",
  scheduled: "Scheduled",
  changed: "Draft changes",
  published: "Published",
  deleted: "Deleted (off the public site)",
};

/** The data the editor starts from: the draft if there is one, else what is published. */
export function editableData(entry: ContentEntry): unknown {
  return entry.draft ? entry.draft.data : entry.data;
}

/** The counts of the content overview. */
export function countStates(entries: readonly ContentEntry[]) {
  let published = 0;
  let drafts = 0;
  let scheduled = 0;
  for (const entry of entries) {
    if (entry.status === "published") published += 1;
    if (entry.publish_at) scheduled += 1;
    else if (entry.draft) drafts += 1;
  }
  return { published, drafts, scheduled };
}

/** "2026-11-23T10:00" in the staff member's own time zone, for a datetime-local input. */
export function toLocalInput(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}`;
}

/** The staff member's time zone, e.g. Europe/Berlin. */
export function staffTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
