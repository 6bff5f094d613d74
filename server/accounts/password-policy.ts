import { createRequire } from "node:module";
import { PASSWORD_MIN } from "../../common/session-schemas.js";

const require = createRequire(import.meta.url);

/**
 * The common-password check of docs/product.md 5.0 (decision 028). The list is the `passwords-common`
 * dictionary of @zxcvbn-ts/language-common (MIT): about 49,000 passwords ranked by how often
 * they appear in published leaks. Only about 300 of them are 12 characters or longer, so a
 * password is also refused when it is a listed one padded to length: a listed word followed or
 * preceded by digits and punctuation ("password1234!"), or one listed word repeated. A password
 * made of one character, or of a run of consecutive keys or digits, is refused as well.
 */
/**
 * How long the list stays in memory after a check. Passwords are chosen rarely (the first
 * owner, a new account, a change) and often a few times in a row (a refused one, then another);
 * the list takes about 3 MB once read, which a server that serves pages should not keep.
 */
export const COMMON_PASSWORDS_KEPT_MS = 60_000;

let common: Set<string> | undefined;
let forget: NodeJS.Timeout | undefined;
function commonPasswords(): Set<string> {
  if (!common) {
    // The list alone: the package's index also decompresses a list this check does not use.
    const file = require.resolve("@zxcvbn-ts/language-common/dist/passwords.json.cjs");
    common = new Set(require(file) as string[]);
    // Out of the module cache, so the decompressed list (and its 380 KB source) can be freed.
    delete require.cache[file];
  }
  clearTimeout(forget);
  forget = setTimeout(() => (common = undefined), COMMON_PASSWORDS_KEPT_MS);
  forget.unref();
  return common;
}

/**
 * Drops the list now instead of a minute after the last check: for a check no person is
 * waiting to follow with another (ADMIN_PASSWORD at start).
 */
export function forgetCommonPasswords(): void {
  clearTimeout(forget);
  common = undefined;
}

/** Whether the list is in memory now (tests). */
export function commonPasswordsLoaded(): boolean {
  return common !== undefined;
}

const PADDING = /^[\d\W_]*(.*?)[\d\W_]*$/u;
const RUNS = ["abcdefghijklmnopqrstuvwxyz", "qwertyuiopasdfghjklzxcvbnm", "01234567890"];

function isRun(value: string): boolean {
  if (value.length < 4) return false;
  return RUNS.some((run) => run.includes(value) || [...run].reverse().join("").includes(value));
}

/** True when `password` is a common one, or a common one padded or repeated to length. */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  const list = commonPasswords();
  if (list.has(lower)) return true;
  if (new Set(lower).size <= 2) return true;
  if (isRun(lower)) return true;
  const core = PADDING.exec(lower)?.[1] ?? lower;
  if (core.length === 0 || list.has(core) || isRun(core)) return true;
  // One short word repeated: "hello hello hello", "abcabcabcabc".
  for (let size = 1; size <= core.length / 2; size += 1) {
    if (core.length % size !== 0) continue;
    const unit = core.slice(0, size);
    if (unit.repeat(core.length / size) === core) return true;
  }
  return false;
}

/** Why `password` cannot be chosen, or null when it can (the length rule is the schema's too). */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN) return `Password must be at least ${PASSWORD_MIN} characters`;
  if (isCommonPassword(password)) {
    return "This password is too common; choose one that is not a well-known password";
  }
  return null;
}
