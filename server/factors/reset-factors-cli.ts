import { pathToFileURL } from "node:url";
import { createAccountRepository } from "../auth/account-repository.js";
import { createAuditRepository } from "../audit/audit-repository.js";
import { createSessionStore } from "../auth/session-store.js";
import { ConfigError, loadConfig } from "../config.js";
import { migrateToLatest, openDatabase } from "../db/database.js";
import { createFactorRepository } from "./factor-repository.js";

/**
 * `npm run account:reset-factors -- EMAIL` on the server (decision 032): when the owner (or
 * anyone) has lost every factor and every recovery code, whoever runs the server removes that
 * account's TOTP, passkeys and recovery codes and ends its sessions. The password still
 * guards the account; at the next sign-in, a role that needs a factor is led to add one. Being
 * able to run commands on the server is the proof asked: it already grants the database.
 */
export async function runResetFactorsCommand(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
  out: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
  err: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
  clock: () => number = Date.now,
): Promise<number> {
  const email = args[0]?.trim();
  if (!email || args.length !== 1) {
    err("Usage: npm run account:reset-factors -- EMAIL   (the account's email address)");
    return 2;
  }
  let url: string;
  try {
    url = loadConfig(env).DATABASE_URL;
  } catch (error) {
    if (error instanceof ConfigError) {
      err(`Reset refused: ${error.message}`);
      return 1;
    }
    throw error;
  }
  const handle = openDatabase(url);
  try {
    await migrateToLatest(handle);
    const account = await createAccountRepository(handle.db, clock).findByEmail(email);
    if (!account) {
      err(`No account has the email ${email}; nothing changed`);
      return 1;
    }
    await createFactorRepository(handle.db, clock).resetFactors(account.id);
    await createSessionStore(handle.db, clock).destroyAllOf(account.id);
    await createAuditRepository(handle.db, clock).record({
      action: "factors.reset",
      accountId: null,
      actor: "server command",
      target: account.email,
      clientAddress: null,
    });
    out(
      `Removed the second factors and recovery codes of ${account.email} and ended its sessions. ` +
        "Sign in with the password, then add a factor on Your account.",
    );
    return 0;
  } finally {
    await handle.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await runResetFactorsCommand(process.argv.slice(2));
}
