import { parseFeed } from "@rowanmanning/feed-parser";
import { describe, expect, it } from "vitest";
import type { SiteUpdate } from "#common/updates";
import { buildAtomFeed, entryId } from "./atom";

const ORIGIN = "https://www.example.org";

function update(index: number, overrides: Partial<SiteUpdate> = {}): SiteUpdate {
  const day = String((index % 28) + 1).padStart(2, "0");
  return {
    id: `00000000-0000-4000-8000-${String(index).padStart(12, "0")}`,
    type: "news",
    title: `Update ${index} <with> "marks" & more`,
    summary: `Summary ${index}`,
    url: null,
    image_url: null,
    status: "published",
    featured: false,
    published_at: `2026-10-${day}T12:00:00.000Z`,
    created_at: `2026-10-${day}T12:00:00.000Z`,
    updated_at: `2026-11-${day}T12:00:00.000Z`,
    ...overrides,
  };
}

const options = {
  origin: ORIGIN,
  title: "Commons Learning Design: Updates",
  author: "Commons Learning Design",
  generatedAt: new Date("2026-11-25T00:00:00Z"),
};

describe("the updates' Atom feed, read by a real feed parser", () => {
  const updates = Array.from({ length: 25 }, (_, index) => update(25 - index));
  updates[0] = update(25, { url: "https://example.org/story", type: "media" });
  const xml = buildAtomFeed(updates, options);
  const feed = parseFeed(xml);

  it("is Atom with its title, its own address and the page it stands for", () => {
    expect(feed.meta.type).toBe("atom");
    expect(feed.title).toBe("Commons Learning Design: Updates");
    expect(feed.self).toBe(`${ORIGIN}/updates/feed.xml`);
    expect(feed.url).toBe(`${ORIGIN}/updates`);
    expect(feed.authors.map((author) => author.name)).toEqual(["Commons Learning Design"]);
  });

  it("holds the 20 newest, in order, with their texts unharmed by XML escaping", () => {
    expect(feed.items).toHaveLength(20);
    expect(feed.items[0]!.title).toBe('Update 25 <with> "marks" & more');
    expect(feed.items.map((item) => item.title?.split(" ")[1])).toEqual(
      updates.slice(0, 20).map((entry) => String(entry.title.split(" ")[1])),
    );
    expect(feed.items[0]!.url).toBe("https://example.org/story");
    // An update without a link points at the archive.
    expect(feed.items[1]!.url).toBe(`${ORIGIN}/updates`);
    expect(feed.items[0]!.published?.toISOString()).toBe(updates[0]!.published_at);
  });

  it("gives each entry a stable id from the update's own id", () => {
    expect(feed.items[0]!.id).toBe(`urn:uuid:${updates[0]!.id}`);
    expect(parseFeed(buildAtomFeed(updates, options)).items.map((item) => item.id)).toEqual(
      feed.items.map((item) => item.id),
    );
    expect(entryId(update(1, { id: "not-a-uuid" }), ORIGIN)).toBe(
      "tag:www.example.org,2026:updates/not-a-uuid",
    );
  });

  it("is still a valid feed with no update", () => {
    const empty = parseFeed(buildAtomFeed([], options));
    expect(empty.items).toEqual([]);
    expect(empty.updated?.toISOString()).toBe("2026-11-25T00:00:00.000Z");
  });
});

describe("the feed with text XML cannot carry", () => {
  // What XML 1.0 allows (its Char production): anything else makes the whole feed ill-formed.
  const NOT_XML_CHAR = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/u;

  it("stays well-formed when a stored title or summary holds U+FFFE, U+FFFF or a control", () => {
    const stored = update(1, {
      title: "Before\ufffe\uffff\u0001\u000b after",
      summary: "Line one\nline\u0000 two\u001f\ud800",
    });
    const xml = buildAtomFeed([stored], { ...options, title: "Site\uffff: updates" });
    expect(xml).not.toMatch(NOT_XML_CHAR);
    const feed = parseFeed(xml);
    expect(feed.title).toBe("Site: updates");
    expect(feed.items[0]!.title).toBe("Before after");
    expect(feed.items[0]!.description).toBe("Line one\nline two");
  });
});
