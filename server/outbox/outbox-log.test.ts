import { describe, expect, it } from "vitest";
import { openDatabase } from "../db/database.js";
import { testDialects } from "../test-support/test-database.js";
import { describePassFailure } from "./outbox.js";
import { freePort } from "../test-support/free-port.js";

// The log must say what failed: a database that cannot be reached, or one that refused a
// statement (the old message blamed availability for a value too long for its column).
describe("outbox pass failures in the log", () => {
  it("a database that cannot be reached is called unavailable", async () => {
    const port = await freePort();
    const handle = openDatabase(`postgres://127.0.0.1:${port}/none`);
    const error = await handle.ping().catch((caught: unknown) => caught);
    await handle.close();
    expect(describePassFailure(error)).toMatch(/^database unavailable \(.*ECONNREFUSED/);
  });

  for (const dialect of testDialects) {
    it.skipIf(dialect.skip)(
      `a statement ${dialect.name} refuses is reported with its own words`,
      async () => {
        const database = await dialect.create();
        try {
          const error = await database.handle.db
            .insertInto("contact_messages")
            // Missing NOT NULL columns: a refusal, not an outage.
            .values({ id: "x" } as never)
            .execute()
            .catch((caught: unknown) => caught);
          const text = describePassFailure(error);
          expect(text).toMatch(/^the database refused the outbox's statement \(/);
          expect(text).toMatch(/null/i);
        } finally {
          await database.cleanup();
        }
      },
    );
  }
});
