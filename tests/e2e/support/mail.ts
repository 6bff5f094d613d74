import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "@playwright/test";

/** Where the mail catcher writes what the site sent (playwright.config.ts). */
export function mailDir(): string {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error("E2E_MAIL_DIR is not set (playwright.config.ts sets it)");
  return dir;
}

interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
}

function mailsTo(address: string): CaughtMail[] {
  const dir = mailDir();
  return readdirSync(dir)
    .sort()
    .map((name) => JSON.parse(readFileSync(join(dir, name), "utf8")) as CaughtMail)
    .filter((mail) => mail.to.some((to) => to.toLowerCase() === address.toLowerCase()));
}

/**
 * The path of the link in the `count`-th mail to `address` (waiting for it to arrive), as a
 * person would follow it: /admin/invitation/<token> or /admin/reset/<token>.
 */
export async function mailedLinkPath(address: string, count = 1): Promise<string> {
  await expect
    .poll(() => mailsTo(address).length, { timeout: 15_000 })
    .toBeGreaterThanOrEqual(count);
  const text = mailsTo(address)[count - 1]!.text;
  const link = /https?:\/\/\S+\/admin\/(?:invitation|reset)\/[A-Za-z0-9_-]+/.exec(text)?.[0];
  if (!link) throw new Error(`no link in the mail to ${address}: ${text}`);
  return new URL(link).pathname;
}
