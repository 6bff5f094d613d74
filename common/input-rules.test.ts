import { describe, expect, it } from "vitest";
import { contactSubmissionSchema } from "./contact-schemas.js";
import { CONTENT_COLLECTIONS } from "./content/registry.js";
import { isRealDateTime } from "./dates.js";
import { isCleanText, textForXml } from "./text.js";
import { createUpdateSchema } from "./updates-schemas.js";

// Dates are real days in 1970-9999; single-line text refuses bidi controls (docs/decisions/026).

const BIDI = [
  "\u202a",
  "\u202b",
  "\u202c",
  "\u202d",
  "\u202e",
  "\u2066",
  "\u2067",
  "\u2068",
  "\u2069",
];

describe("isRealDateTime", () => {
  it.each([
    "2026-02-28",
    "2024-02-29",
    "2025-10-11T12:05",
    "2025-10-11T12:00:00-07:00",
    "2025-05-01T10:00:00.000Z",
    "1970-01-01T00:00:00Z",
    "9999-12-31T23:59:59Z",
  ])("accepts %s", (value) => expect(isRealDateTime(value)).toBe(true));

  it.each([
    "2026-02-30",
    "2025-02-29",
    "2026-04-31",
    "2026-13-01",
    "2026-00-10",
    "2026-01-01T24:00",
    "2026-01-01T12:60",
    "+275760-09-13T00:00:00.000Z",
    "1969-12-31T23:59:59Z",
    "0001-01-01T00:00:00Z",
    "next tuesday",
    "May 1, 2025",
    "",
  ])("refuses %s", (value) => expect(isRealDateTime(value)).toBe(false));
});

describe("bidi controls", () => {
  it("are refused in single-line text and kept in multi-line text", () => {
    for (const control of BIDI) {
      expect(isCleanText(`Sam${control}Lee`)).toBe(false);
      expect(isCleanText(`Sam${control}Lee`, { multiline: true })).toBe(true);
    }
    expect(isCleanText("שלום and مرحبا")).toBe(true);
  });

  it("are refused, with a message, in every single-line field of every content collection", () => {
    let singleLineFields = 0;
    for (const collection of CONTENT_COLLECTIONS) {
      for (const entry of collection.seed) {
        for (const path of stringPaths(entry)) {
          const where = `${collection.name}: ${path.join(".")}`;
          const original = at(entry, path);
          const middle = Math.floor(original.length / 2);
          const insert = (text: string) =>
            withValue(entry, path, original.slice(0, middle) + text + original.slice(middle));
          // A field that takes a line feed is multi-line: bidi controls may stay there.
          if (collection.schema.safeParse(insert("\n")).success) continue;
          singleLineFields += 1;
          const result = collection.schema.safeParse(insert("\u202e"));
          expect(result.success, where).toBe(false);
          const issue = result.error?.issues.find((i) => i.path.join(".") === path.join("."));
          expect(issue?.message, where).toBeTruthy();
        }
      }
    }
    expect(singleLineFields).toBeGreaterThan(20);
  });

  it("are refused in the updates and contact schemas' single-line fields", () => {
    const update = {
      type: "news",
      title: "New partnership",
      summary: "We are working with a library network.",
      status: "published",
      featured: true,
      published_at: "2025-05-01T10:00:00.000Z",
    };
    const title = createUpdateSchema.safeParse({ ...update, title: "Evil\u202etxt.exe" });
    expect(title.error?.issues[0]?.message).toMatch(/text-direction control/);
    expect(createUpdateSchema.safeParse({ ...update, summary: "a\u202eb" }).success).toBe(true);
    const contact = contactSubmissionSchema.safeParse({ firstName: "Sam\u2066", message: "Hi" });
    expect(contact.error?.issues[0]?.path).toEqual(["firstName"]);
  });
});

describe("text that reaches XML and iCalendar", () => {
  it("refuses U+FFFE and U+FFFF in single-line and multi-line input", () => {
    for (const nonCharacter of ["\ufffe", "\uffff"]) {
      expect(isCleanText(`a${nonCharacter}b`)).toBe(false);
      expect(isCleanText(`a\n${nonCharacter}b`, { multiline: true })).toBe(false);
    }
    expect(isCleanText("\ufffd \ud83d\ude00 \ufdd0")).toBe(true);
  });

  it("removes at output what XML forbids, and keeps tab, line breaks and every real character", () => {
    expect(
      textForXml("a\u0000b\u0001c\u0008d\u000be\u000cf\u001fg\ufffeh\uffffi\ud800j\udc00k"),
    ).toBe("abcdefghijk");
    const kept = "tab\tline\nreturn\r\u007f\u0085 \ufffd \ud83d\ude00 é";
    expect(textForXml(kept)).toBe(kept);
  });
});

type Path = (string | number)[];

function stringPaths(value: unknown, path: Path = []): Path[] {
  if (typeof value === "string") return value.length > 0 ? [path] : [];
  if (Array.isArray(value))
    return value.flatMap((item, index) => stringPaths(item, [...path, index]));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, item]) => stringPaths(item, [...path, key]));
  }
  return [];
}

function at(value: unknown, path: Path): string {
  return path.reduce<unknown>(
    (node, key) => (node as Record<string, unknown>)[key],
    value,
  ) as string;
}

function withValue(value: unknown, path: Path, text: string): unknown {
  if (path.length === 0) return text;
  const [key, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[key!] = withValue(copy[key!], rest, text);
  return copy;
}
