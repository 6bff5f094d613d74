import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { FormOutcome, FormPage } from "../../common/form-outcome.js";
import type { Database } from "../db/schema.js";
import { isoAt } from "../db/time.js";

/**
 * Long enough for a slow network to follow the redirect, short enough that the typed values of
 * a refused submission do not linger: they are deleted when shown, or by the schedule after this.
 */
export const FORM_OUTCOME_TTL_MS = 10 * 60 * 1000;

/** 128 random bits, base64url: unguessable, and nothing about the visitor. */
const ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

function hashOf(id: string): string {
  return createHash("sha256").update(id).digest("hex");
}

/**
 * The outcomes of forms posted without JavaScript, kept in the database (every instance can show
 * one another instance stored) for one page load each (decision 023).
 */
export interface FormOutcomeStore {
  /** Keeps `outcome` for `page` and returns the id to redirect with. */
  save(page: FormPage, outcome: FormOutcome): Promise<string>;
  /**
   * The outcome `id` names for `page`, removed as it is read (single use); undefined when it is
   * unknown, used, expired, for another page, or not an id at all.
   */
  take(page: string, id: string): Promise<FormOutcome | undefined>;
  /** Deletes expired outcomes (housekeeping); returns how many. */
  purgeExpired(): Promise<number>;
}

export function createFormOutcomeStore(
  db: Kysely<Database>,
  clock: () => number,
  ttlMs = FORM_OUTCOME_TTL_MS,
): FormOutcomeStore {
  return {
    async save(page, outcome) {
      const id = randomBytes(16).toString("base64url");
      await db
        .insertInto("form_outcomes")
        .values({
          id_hash: hashOf(id),
          page,
          data: JSON.stringify(outcome),
          expires_at: isoAt(clock() + ttlMs),
        })
        .execute();
      return id;
    },
    async take(page, id) {
      if (!ID_PATTERN.test(id)) return undefined;
      // One statement finds and deletes: of two requests with the same id, one gets it.
      const row = await db
        .deleteFrom("form_outcomes")
        .where("id_hash", "=", hashOf(id))
        .where("page", "=", page)
        .returning(["data", "expires_at"])
        .executeTakeFirst();
      if (!row || row.expires_at <= isoAt(clock())) return undefined;
      return JSON.parse(row.data) as FormOutcome;
    },
    async purgeExpired() {
      const result = await db
        .deleteFrom("form_outcomes")
        .where("expires_at", "<=", isoAt(clock()))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
