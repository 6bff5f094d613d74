import type { CollectionDefinition } from "../../common/content/collections.js";
import { MEDIA_URL_PREFIX } from "../../common/media.js";
import type { MediaReference, MediaUsage } from "../media/media-usage.js";
import type { ContentRepository, MediaUsageRow } from "./content-repository.js";

/*
 * Where content uses each image of the media library (server/media/media-usage.ts). Every file
 * of one image is served at `/media/<16 hex digits of its hash>-<width>.<ext>`, so content uses
 * the image when any text in an entry (published data, draft or scheduled draft) holds an
 * address starting with that image's `/media/<hash>-`. Deleted entries and old revisions do not
 * count: they are not on the site and not being edited (restoring one that lost its image shows
 * the picture's address answering 404, decision 019).
 *
 * The site's own pictures (decision 034) have addresses of the build (`/images/flyer.webp`,
 * `/icons/gamepad.svg`): content uses one when a text in an entry is exactly one of its files'
 * addresses, as picture fields hold them.
 */

/** `/media/<hash>-` followed by a width and an extension, anywhere in a text. */
const MEDIA_FILE_SOURCE = `${MEDIA_URL_PREFIX.replace(/[/]/g, "\\/")}([0-9a-f]{16})-[1-9][0-9]{0,4}\\.(?:jpg|png|webp|avif)`;
const MEDIA_FILE = new RegExp(MEDIA_FILE_SOURCE);

/** The hash part of an image's file addresses (`0123456789abcdef`), or undefined. */
function stemOf(url: string): string | undefined {
  return MEDIA_FILE.exec(url)?.[1];
}

/** The key of a whole address of this site (a site picture's file) among the stems. */
const exactKey = (url: string) => `=${url}`;

/**
 * Adds the stem of every media address found in `value` (any depth) to `found`, and the key of
 * every text that is a whole address on this site (`exactKey`).
 */
function collectStems(value: unknown, found: Set<string>, depth = 0): void {
  if (depth > 40) return;
  if (typeof value === "string") {
    if (value.startsWith("/") && value.length <= 300) found.add(exactKey(value));
    if (!value.includes(MEDIA_URL_PREFIX)) return;
    for (const match of value.matchAll(new RegExp(MEDIA_FILE_SOURCE, "g"))) found.add(match[1]!);
    return;
  }
  if (Array.isArray(value)) {
    for (const item of value) collectStems(item, found, depth + 1);
    return;
  }
  if (typeof value === "object" && value !== null) {
    for (const item of Object.values(value)) collectStems(item, found, depth + 1);
  }
}

/** The words that name a list entry: its title, name, label or heading, if it has one. */
function entryName(data: unknown): string | undefined {
  if (typeof data !== "object" || data === null) return undefined;
  const record = data as Record<string, unknown>;
  for (const key of ["title", "name", "label", "heading", "caption"]) {
    const text = record[key];
    if (typeof text === "string" && text.trim() !== "") {
      const line = text.trim().split("\n")[0]!;
      return line.length > 60 ? `${line.slice(0, 59)}…` : line;
    }
    if (typeof text === "number") return String(text);
  }
  return undefined;
}

/**
 * How staff know the place: a singleton by its label ("About page"), a list entry by its
 * collection and name ("Team: Ana Ruiz", or "Team: entry 3" without a name), and whether only
 * its draft uses the image ("… (draft)", "… (scheduled)").
 */
function placeName(
  row: MediaUsageRow,
  definition: CollectionDefinition | undefined,
  position: number,
  only: "published" | "draft" | "scheduled" | "both",
): string {
  const label = definition?.label ?? row.collection;
  let place = label;
  if (definition?.kind !== "singleton") {
    const name = entryName(row.draft) ?? entryName(row.data);
    place = `${label}: ${name ?? `entry ${position}`}`;
  }
  if (only === "draft") return `${place} (draft)`;
  if (only === "scheduled") return `${place} (scheduled)`;
  return place;
}

export function createContentMediaUsage(options: {
  repository: Pick<ContentRepository, "loadForMediaUsage">;
  collections: readonly CollectionDefinition[];
}): MediaUsage {
  const { repository, collections } = options;
  const definitions = new Map(collections.map((definition) => [definition.name, definition]));
  const order = new Map(collections.map((definition, index) => [definition.name, index]));

  return {
    async usedIn(images: readonly MediaReference[]) {
      const wanted = new Map<string, string[]>();
      for (const image of images) {
        for (const url of image.urls) {
          const stem = stemOf(url) ?? exactKey(url);
          const ids = wanted.get(stem) ?? [];
          if (!ids.includes(image.id)) ids.push(image.id);
          wanted.set(stem, ids);
        }
      }
      const answer = new Map<string, string[]>();
      if (wanted.size === 0) return answer;

      const rows = [...(await repository.loadForMediaUsage())].sort(
        (a, b) =>
          (order.get(a.collection as never) ?? Infinity) -
          (order.get(b.collection as never) ?? Infinity),
      );
      const positions = new Map<string, number>();
      for (const row of rows) {
        const position = (positions.get(row.collection) ?? 0) + 1;
        positions.set(row.collection, position);
        const published = new Set<string>();
        const drafted = new Set<string>();
        collectStems(row.data, published);
        collectStems(row.draft, drafted);
        for (const stem of new Set([...published, ...drafted])) {
          const ids = wanted.get(stem);
          if (!ids) continue;
          const only = !drafted.has(stem)
            ? "published"
            : published.has(stem)
              ? "both"
              : row.publishAt !== null
                ? "scheduled"
                : "draft";
          const place = placeName(row, definitions.get(row.collection as never), position, only);
          for (const id of ids) {
            const places = answer.get(id) ?? [];
            if (!places.includes(place)) places.push(place);
            answer.set(id, places);
          }
        }
      }
      return answer;
    },
  };
}
