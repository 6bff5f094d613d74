import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { isoAt } from "../db/time.js";
import { hashPassword } from "../auth/password.js";
import { createAccountRepository } from "../auth/account-repository.js";
import { forgetCommonPasswords, isCommonPassword } from "./password-policy.js";

/** The hash a site before named accounts generated and kept (its only password). */
export const LEGACY_HASH_KEY = "admin_password_hash";
/** Taken by the instance that creates the first owner, in the same transaction. */
const OWNER_CLAIM_KEY = "owner_created";
/** Until when the printed setup link is valid; a new one is printed only after it lapsed. */
const SETUP_LINK_KEY = "setup_link_until";
export const SETUP_LINK_TTL_MS = 24 * 60 * 60 * 1000;
export const OWNER_DEFAULT_NAME = "Owner";

export interface OwnerSource {
  ADMIN_EMAIL?: string | undefined;
  ADMIN_PASSWORD?: string | undefined;
  ADMIN_PASSWORD_HASH?: string | undefined;
  PUBLIC_ORIGIN?: string | undefined;
  PORT?: number | undefined;
}

export type BootstrapOutcome =
  | { kind: "accounts-exist" }
  | { kind: "owner-created"; from: "environment" | "stored-password" }
  | { kind: "setup-link"; url: string }
  | { kind: "setup-link-pending" };

export interface BootstrapOptions {
  db: Kysely<Database>;
  source: OwnerSource;
  log: Pick<FastifyBaseLogger, "warn" | "info">;
  print?: (text: string) => void;
  clock?: () => number;
  /** scrypt cost for a hash made from ADMIN_PASSWORD (tests use a cheaper one). */
  hashCost?: number;
}

/**
 * Makes sure someone can sign in (docs/product.md 5.0, decision 028). While no account exists:
 * - ADMIN_PASSWORD_HASH or ADMIN_PASSWORD (with ADMIN_EMAIL, or without it on a site that had
 *   only a password so far) becomes the owner's password;
 * - else the password an older version generated and stored becomes the owner's;
 * - else a one-time setup link (24 hours) is printed once, where the owner chooses an email, a
 *   name and a password.
 * An owner without an email gives one at its next sign-in (or gets ADMIN_EMAIL here). Instances
 * starting at once agree: the owner is created, and the link printed, by one of them only.
 */
export async function bootstrapOwner(options: BootstrapOptions): Promise<BootstrapOutcome> {
  const { db, source, log } = options;
  const print = options.print ?? ((text: string) => process.stdout.write(text));
  const clock = options.clock ?? Date.now;
  const accounts = createAccountRepository(db, clock);

  if ((await accounts.count()) > 0) {
    if (source.ADMIN_EMAIL) {
      const owner = await accounts.findEmaillessOwner();
      if (owner && (await accounts.claimEmail(owner.id, source.ADMIN_EMAIL))) {
        log.info("the owner's email was set from ADMIN_EMAIL");
      }
    }
    return { kind: "accounts-exist" };
  }

  const stored = await db
    .selectFrom("app_settings")
    .select("value")
    .where("key", "=", LEGACY_HASH_KEY)
    .executeTakeFirst();
  let hash: string | undefined;
  let from: "environment" | "stored-password" = "environment";
  if (source.ADMIN_PASSWORD_HASH) hash = source.ADMIN_PASSWORD_HASH;
  else if (source.ADMIN_PASSWORD) {
    if (isCommonPassword(source.ADMIN_PASSWORD)) {
      log.warn("ADMIN_PASSWORD is a common password; change it on the Your account page");
    }
    // No one is choosing a password at start: the list (about 5 MB of heap) goes at once.
    forgetCommonPasswords();
    hash = await hashPassword(source.ADMIN_PASSWORD, options.hashCost);
  } else if (stored) {
    hash = stored.value;
    from = "stored-password";
  }

  if (hash !== undefined) {
    const ownerHash = hash;
    const created = await db.transaction().execute(async (trx) => {
      const claim = await trx
        .insertInto("app_settings")
        .values({ key: OWNER_CLAIM_KEY, value: isoAt(clock()) })
        .onConflict((oc) => oc.column("key").doNothing())
        .executeTakeFirst();
      if (Number(claim.numInsertedOrUpdatedRows ?? 0) === 0) return false;
      await createAccountRepository(trx, clock).create({
        email: source.ADMIN_EMAIL ?? null,
        name: OWNER_DEFAULT_NAME,
        role: "owner",
        passwordHash: ownerHash,
      });
      // The password lives on in the owner's row only.
      await trx.deleteFrom("app_settings").where("key", "=", LEGACY_HASH_KEY).execute();
      return true;
    });
    if (created) {
      log.info(
        { from, email: source.ADMIN_EMAIL ?? null },
        source.ADMIN_EMAIL
          ? "created the owner account"
          : "created the owner account; its email is asked at the first sign-in",
      );
      return { kind: "owner-created", from };
    }
    return { kind: "accounts-exist" };
  }

  const now = clock();
  const until = isoAt(now + SETUP_LINK_TTL_MS);
  const printed = await db.transaction().execute(async (trx) => {
    // Taken only when no link was printed yet, or the last one has lapsed.
    const claim = await trx
      .insertInto("app_settings")
      .values({ key: SETUP_LINK_KEY, value: until })
      .onConflict((oc) =>
        oc
          .column("key")
          .doUpdateSet({ value: until })
          .where("app_settings.value", "<=", isoAt(now)),
      )
      .executeTakeFirst();
    if (Number(claim.numInsertedOrUpdatedRows ?? 0) === 0) return undefined;
    return createAccountRepository(trx, clock).createToken("setup", SETUP_LINK_TTL_MS);
  });
  if (printed === undefined) {
    log.warn(
      "No staff account exists yet; use the setup link printed at the first start (valid 24 hours; a new one is printed at the next start after it lapsed)",
    );
    return { kind: "setup-link-pending" };
  }
  const origin = source.PUBLIC_ORIGIN ?? `http://localhost:${source.PORT ?? 3000}`;
  const url = `${origin}/admin/setup/${printed}`;
  log.warn("No staff account and no ADMIN_PASSWORD: printed a one-time setup link");
  print(
    [
      "",
      "  No staff account exists yet. Open this link within 24 hours to create the owner",
      "  account (it works once and is shown only now):",
      `  ${url}`,
      "  Or set ADMIN_EMAIL and ADMIN_PASSWORD (or ADMIN_PASSWORD_HASH) before the first start.",
      "",
      "",
    ].join("\n"),
  );
  return { kind: "setup-link", url };
}
