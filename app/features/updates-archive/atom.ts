/**
 * The Atom 1.0 feed (RFC 4287) of the newest published updates, at /updates/feed.xml. Pure: the
 * resource route renders it on the server, like a page, from the published list.
 */
import { textForXml } from "#common/text";
import { UPDATES_PER_PAGE, UPDATE_TYPE_LABELS, type SiteUpdate } from "#common/updates";
import { UPDATES_FEED_PATH, UPDATES_PATH, updateLink } from "./updates-archive";

export interface AtomOptions {
  /** The site's origin, for every absolute address. */
  readonly origin: string;
  /** The feed's title, e.g. "Commons Learning Design: updates". */
  readonly title: string;
  /** The organisation, the feed's author. */
  readonly author: string;
  /** The feed's `updated` when it has no entry. */
  readonly generatedAt: Date;
}

/** Escaped for XML, and cleaned of what XML cannot carry at all (design 6d). */
const escapeXml = (text: string) =>
  textForXml(text)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** RFC 3339, as Atom requires; the stored text when it is not a date (never, once validated). */
const atomDate = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toISOString();
};

/**
 * An entry's id: stable for as long as the update exists, whatever is edited in it (its
 * database id), and the same on every instance and in every render.
 */
export function entryId(update: SiteUpdate, origin: string): string {
  return UUID.test(update.id)
    ? `urn:uuid:${update.id.toLowerCase()}`
    : `tag:${new URL(origin).host},2026:updates/${encodeURIComponent(update.id)}`;
}

/** The feed of the newest `UPDATES_PER_PAGE` of `updates` (already newest first). */
export function buildAtomFeed(updates: readonly SiteUpdate[], options: AtomOptions): string {
  const url = (path: string) => new URL(path, `${options.origin}/`).toString();
  const entries = updates.slice(0, UPDATES_PER_PAGE);
  const updated =
    entries.length > 0
      ? entries
          .map((update) => atomDate(update.updated_at))
          .sort()
          .at(-1)!
      : options.generatedAt.toISOString();
  const lines = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <title>${escapeXml(options.title)}</title>`,
    `  <id>${escapeXml(url(UPDATES_PATH))}</id>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(url(UPDATES_FEED_PATH))}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(url(UPDATES_PATH))}"/>`,
    `  <updated>${updated}</updated>`,
    `  <author><name>${escapeXml(options.author)}</name></author>`,
  ];
  for (const update of entries) {
    const link = updateLink(update) ?? url(UPDATES_PATH);
    const label = UPDATE_TYPE_LABELS[update.type] ?? update.type;
    lines.push(
      "  <entry>",
      `    <id>${escapeXml(entryId(update, options.origin))}</id>`,
      `    <title>${escapeXml(update.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(link)}"/>`,
      `    <published>${atomDate(update.published_at)}</published>`,
      `    <updated>${atomDate(update.updated_at)}</updated>`,
      `    <category term="${escapeXml(update.type)}" label="${escapeXml(label)}"/>`,
      `    <summary>${escapeXml(update.summary)}</summary>`,
      "  </entry>",
    );
  }
  lines.push("</feed>");
  return `${lines.join("\n")}\n`;
}
