import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { isoAt } from "../db/time.js";

/** How long the page after a post can be shown: long enough for a slow phone to follow the redirect. */
export const FORM_OUTCOME_TTL_MS = 10 * 60 * 1000;

export type PublicFormName = "contact" | "sms";

/**
 * Single-use ids for the page a successful form post redirects to (Post/Redirect/Get, decision
 * 023). The id is 128 random bits and says nothing about the visitor; the row says only which
 * form was sent. Kept in the database, so an instance other than the one that took the post can
 * show the outcome.
 */
export interface FormOutcomes {
  /** A new id for an accepted post of `form`. */
  issue(form: PublicFormName): Promise<string>;
  /** True, once, for an unexpired id issued for `form`; the row is deleted on the way. */
  consume(id: string, form: PublicFormName): Promise<boolean>;
  /** Deletes the rows nobody came back for; returns how many. */
  purgeExpired(): Promise<number>;
}

/** The ids `issue` makes: 22 characters of base64url. Anything else is never looked up. */
const ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export function createFormOutcomes(db: Kysely<Database>, clock: () => number): FormOutcomes {
  return {
    async issue(form) {
      const id = randomBytes(16).toString("base64url");
      await db
        .insertInto("form_outcomes")
        .values({ id, form, expires_at: isoAt(clock() + FORM_OUTCOME_TTL_MS) })
        .execute();
      return id;
    },
    async consume(id, form) {
      if (!ID_PATTERN.test(id)) return false;
      // One statement: of two requests with the same id, only one deletes the row.
      const deleted = await db
        .deleteFrom("form_outcomes")
        .where("id", "=", id)
        .where("form", "=", form)
        .where("expires_at", ">", isoAt(clock()))
        .executeTakeFirst();
      return Number(deleted.numDeletedRows) === 1;
    },
    async purgeExpired() {
      const deleted = await db
        .deleteFrom("form_outcomes")
        .where("expires_at", "<=", isoAt(clock()))
        .executeTakeFirst();
      return Number(deleted.numDeletedRows);
    },
  };
}
