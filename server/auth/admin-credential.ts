import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { generatePassword, hashPassword } from "./password.js";

const SETTING_KEY = "admin_password_hash";

export interface CredentialSource {
  ADMIN_PASSWORD?: string | undefined;
  ADMIN_PASSWORD_HASH?: string | undefined;
}

/**
 * The scrypt hash the admin password is checked against: from ADMIN_PASSWORD_HASH, from
 * ADMIN_PASSWORD (hashed in memory), or else generated once, stored (only its hash) and
 * printed once. Instances racing on the first start agree on whichever hash was stored first.
 */
export async function resolveAdminPasswordHash(
  db: Kysely<Database>,
  source: CredentialSource,
  log: Pick<FastifyBaseLogger, "warn">,
  print: (text: string) => void = (text) => process.stdout.write(text),
): Promise<string> {
  if (source.ADMIN_PASSWORD_HASH) return source.ADMIN_PASSWORD_HASH;
  if (source.ADMIN_PASSWORD) return hashPassword(source.ADMIN_PASSWORD);

  const stored = await readStoredHash(db);
  if (stored) return stored;

  const password = generatePassword();
  const hash = await hashPassword(password);
  const inserted = await db
    .insertInto("app_settings")
    .values({ key: SETTING_KEY, value: hash })
    .onConflict((oc) => oc.column("key").doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
    const winner = await readStoredHash(db);
    if (winner) return winner;
  }
  log.warn("No ADMIN_PASSWORD or ADMIN_PASSWORD_HASH set: generated an admin password");
  print(
    [
      "",
      "  Admin password (shown once, only its hash is stored): " + password,
      "  Sign in at /admin/updates. To choose your own, set ADMIN_PASSWORD,",
      "  or ADMIN_PASSWORD_HASH to the output of `npm run admin:hash`.",
      "",
      "",
    ].join("\n"),
  );
  return hash;
}

async function readStoredHash(db: Kysely<Database>): Promise<string | undefined> {
  const row = await db
    .selectFrom("app_settings")
    .select("value")
    .where("key", "=", SETTING_KEY)
    .executeTakeFirst();
  return row?.value;
}
