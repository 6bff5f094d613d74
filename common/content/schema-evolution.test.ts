import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { iconAsAddress } from "../../server/db/migrations/013-site-pictures.js";
import { withoutMovedFields } from "../../server/db/migrations/018-organisation-and-inquiry-course.js";
import { CONTENT_COLLECTIONS } from "./registry.js";

/**
 * What a database migration does to a collection's stored entries (and revisions), applied to
 * the releases stored before it: their entries must fit once migrated.
 */
const MIGRATED: Readonly<Record<string, (entry: unknown) => unknown>> = {
  // 013: a course's icon name became an address (`gamepad` → `/icons/gamepad.svg`).
  courses: (entry) => JSON.parse(iconAsAddress(JSON.stringify(entry))!) as unknown,
  // 018: the organisation's name, contact address and social links left the site settings.
  site: (entry) => JSON.parse(withoutMovedFields(JSON.stringify(entry))) as unknown,
};

/**
 * Content stored by earlier releases must still fit today's schemas, or a page would lose it
 * (server/content/content-store.ts then keeps it out and reports it). `stored/` holds the
 * entries as each release stored them (its seed; staff edits keep the same shapes). A schema
 * change that breaks one of them is either made backward-compatible (the new field optional or
 * defaulted) or comes with a database migration that rewrites the stored entries and revisions,
 * and a new file here that shows the rewritten shape (README: "Adding a field to a content type").
 */
const storedDir = new URL("./stored/", import.meta.url);
const releases = readdirSync(storedDir).filter((name) => name.endsWith(".json"));

describe("content stored by earlier releases still fits today's schemas", () => {
  it("has at least one release's entries to check", () => {
    expect(releases.length).toBeGreaterThan(0);
  });

  describe.each(releases)("%s", (release) => {
    const stored = JSON.parse(readFileSync(new URL(release, storedDir), "utf8")) as Record<
      string,
      unknown[]
    >;
    // A collection that no longer exists was moved by a database migration, tested with it.
    const kept = CONTENT_COLLECTIONS.filter((definition) => definition.name in stored);

    it.each(kept.map((definition) => [definition.name, definition] as const))(
      "%s",
      (_name, definition) => {
        for (const [index, entry] of stored[definition.name]!.entries()) {
          const migrate = MIGRATED[definition.name];
          const parsed = definition.schema.safeParse(migrate ? migrate(entry) : entry);
          expect(
            parsed.success ? "fits" : `entry ${index}: ${JSON.stringify(parsed.error.issues[0])}`,
          ).toBe("fits");
        }
      },
    );
  });
});
