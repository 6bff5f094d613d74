import { describe, expect, it } from "vitest";
import type { FormOutcome } from "../../common/form-outcome.js";
import { testDialects } from "../test-support/test-database.js";
import { createFormOutcomeStore, FORM_OUTCOME_TTL_MS } from "./form-outcome-store.js";

describe.each(testDialects)("the outcome store on $name", ({ create, skip, reason }) => {
  it.skipIf(skip)(`is single use, expires, and belongs to one page ${reason}`, async () => {
    const database = await create();
    try {
      let now = Date.parse("2026-11-25T10:00:00Z");
      const clock = () => now;
      const store = createFormOutcomeStore(database.handle.db, clock);
      const outcome: FormOutcome = { form: "contact", status: 202, sent: true };

      const id = await store.save("/contact-desktop", outcome);
      expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      // Only a hash of the id is kept.
      const [row] = await database.handle.db.selectFrom("form_outcomes").selectAll().execute();
      expect(row?.id_hash).not.toContain(id);
      expect(await store.take("/contact-mobile", id)).toBeUndefined();
      expect(await store.take("/contact-desktop", "not an id")).toBeUndefined();
      expect(await store.take("/contact-desktop", id)).toEqual(outcome);
      expect(await store.take("/contact-desktop", id)).toBeUndefined();

      // Another instance on the same database takes what this one saved (once).
      const other = createFormOutcomeStore((database.openAnother?.() ?? database.handle).db, clock);
      const shared = await store.save("/sms-opt-in", outcome);
      const both = await Promise.all([
        other.take("/sms-opt-in", shared),
        store.take("/sms-opt-in", shared),
      ]);
      expect(both.filter(Boolean)).toHaveLength(1);

      const late = await store.save("/contact-desktop", outcome);
      now += FORM_OUTCOME_TTL_MS;
      expect(await store.take("/contact-desktop", late)).toBeUndefined();
      await store.save("/contact-desktop", outcome);
      now += FORM_OUTCOME_TTL_MS + 1;
      expect(await store.purgeExpired()).toBe(1);
      expect(await database.handle.db.selectFrom("form_outcomes").selectAll().execute()).toEqual(
        [],
      );
    } finally {
      await database.cleanup();
    }
  });
});
