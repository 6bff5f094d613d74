import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

/** OWASP ASVS parameters for scrypt: N=2^17, r=8, p=1. */
const LOG_N = 17;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

function scryptAsync(password: string, salt: Buffer, keyLength: number, options: ScryptOptions) {
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(password, salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

function options(logN: number, r: number, p: number): ScryptOptions {
  // 128 * N * r bytes are needed; Node's default maxmem (32 MiB) is too small for N=2^17.
  return { N: 2 ** logN, r, p, maxmem: 256 * 1024 * 1024 };
}

/**
 * `scrypt$logN$r$p$salt$hash` with base64url salt and hash. `logN` is the OWASP cost unless a
 * test asks for a cheaper one (verification reads the cost from the hash).
 */
export async function hashPassword(password: string, logN = LOG_N): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await scryptAsync(password, salt, KEY_LENGTH, options(logN, R, P));
  return ["scrypt", logN, R, P, salt.toString("base64url"), key.toString("base64url")].join("$");
}

interface ParsedHash {
  logN: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

export function parsePasswordHash(encoded: string): ParsedHash | null {
  const parts = encoded.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return null;
  const [logN, r, p] = parts.slice(1, 4).map(Number);
  const salt = Buffer.from(parts[4] ?? "", "base64url");
  const key = Buffer.from(parts[5] ?? "", "base64url");
  if (!logN || !r || !p || logN < 10 || logN > 20 || r > 32 || p > 16) return null;
  if (salt.length < 8 || key.length < 16) return null;
  return { logN, r, p, salt, key };
}

/** Compares in constant time; a malformed hash never matches. */
export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const parsed = parsePasswordHash(encoded);
  if (!parsed) return false;
  const key = await scryptAsync(
    password,
    parsed.salt,
    parsed.key.length,
    options(parsed.logN, parsed.r, parsed.p),
  );
  return timingSafeEqual(key, parsed.key);
}

/** A strong random password that is easy to copy: 24 base64url characters (144 bits). */
export function generatePassword(): string {
  return randomBytes(18).toString("base64url");
}
