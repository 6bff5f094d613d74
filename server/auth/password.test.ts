import { describe, expect, it } from "vitest";
import { generatePassword, hashPassword, parsePasswordHash, verifyPassword } from "./password.js";

describe("password hashing", () => {
  it("hashes with scrypt at N=2^17, r=8, p=1 and a random salt", async () => {
    const [first, second] = await Promise.all([
      hashPassword("s3cret pass"),
      hashPassword("s3cret pass"),
    ]);
    expect(first).toMatch(/^scrypt\$17\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain("s3cret");
  });

  it("verifies the right password and refuses others and malformed hashes", async () => {
    const hash = await hashPassword("s3cret pass");
    expect(await verifyPassword("s3cret pass", hash)).toBe(true);
    expect(await verifyPassword("s3cret pasS", hash)).toBe(false);
    expect(await verifyPassword("", hash)).toBe(false);
    expect(await verifyPassword("s3cret pass", "scrypt$17$8$1$x$y")).toBe(false);
    expect(await verifyPassword("s3cret pass", "plain")).toBe(false);
    expect(
      parsePasswordHash(
        "scrypt$40$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
      ),
    ).toBeNull();
  });

  it("generates long random passwords", () => {
    const password = generatePassword();
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(generatePassword()).not.toBe(password);
  });
});
