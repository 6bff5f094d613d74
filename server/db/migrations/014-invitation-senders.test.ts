import { afterEach, describe, expect, it } from "vitest";
import { createAccountRepository } from "../../auth/account-repository.js";
import { databaseMigratedTo, testDialects } from "../../test-support/test-database.js";
import { migrateToLatest } from "../database.js";
import { migrations } from "./index.js";
import { up } from "./014-invitation-senders.js";

/**
 * 014 adds an invitation's sender to a database made by an older release: its pending
 * invitations name no sender and still open (they lapse within 7 days), and running it again
 * (a second instance, a retried start) changes nothing.
 */
for (const dialect of testDialects) {
  describe.skipIf(dialect.skip)(`014 invitation senders on ${dialect.name}`, () => {
    let upgrade: Awaited<ReturnType<typeof databaseMigratedTo>> | undefined;
    afterEach(async () => {
      await upgrade?.cleanup();
    });

    it("adds the column once, from two instances; an older invitation names nobody and still opens", async () => {
      upgrade = await databaseMigratedTo(
        dialect,
        Object.fromEntries(Object.entries(migrations).filter(([name]) => name < "014")),
      );
      const { first, second } = upgrade;
      const now = Date.now();
      await first.db
        .insertInto("staff_tokens")
        .values({
          id_hash: "a".repeat(64),
          purpose: "invitation",
          account_id: null,
          email: "older@example.org",
          role: "editor",
          created_at: new Date(now - 60_000).toISOString(),
          expires_at: new Date(now + 60_000).toISOString(),
          used_at: null,
        } as never)
        .execute();

      await Promise.all([migrateToLatest(first), migrateToLatest(second)]);
      await up(first.db as never);

      const rows = await first.db.selectFrom("staff_tokens").select(["email", "sent_by"]).execute();
      expect(rows).toEqual([{ email: "older@example.org", sent_by: null }]);
      const pending = await createAccountRepository(first.db, () => now).liveTokens("invitation");
      expect(pending.map((token) => token.email)).toEqual(["older@example.org"]);
    });
  });
}
