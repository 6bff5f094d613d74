import { describe, expect, it } from "vitest";
import {
  base32Decode,
  base32Encode,
  hotp,
  matchTotp,
  newTotpSecret,
  totpCode,
  totpStep,
  totpUri,
} from "./totp.js";

// RFC 6238 appendix B: the SHA-1 seed is the ASCII "12345678901234567890"; the RFC lists 8
// digits, whose last 6 are the 6-digit codes.
const RFC_SECRET = base32Encode(Buffer.from("12345678901234567890", "ascii"));
const RFC_VECTORS: Array<[number, string]> = [
  [59, "94287082"],
  [1111111109, "07081804"],
  [1111111111, "14050471"],
  [1234567890, "89005924"],
  [2000000000, "69279037"],
  [20000000000, "65353130"],
];

describe("TOTP (RFC 6238)", () => {
  it.each(RFC_VECTORS)("at %i s gives the RFC's code", (seconds, eightDigits) => {
    expect(totpCode(RFC_SECRET, seconds * 1000)).toBe(eightDigits.slice(-6));
  });

  it("HOTP matches RFC 4226's first values", () => {
    const secret = Buffer.from("12345678901234567890", "ascii");
    expect(hotp(secret, 0)).toBe("755224");
    expect(hotp(secret, 9)).toBe("520489");
  });

  it("base32 round-trips and a new secret is 160 bits", () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
    expect(base32Encode(base32Decode("JBSWY3DPEHPK3PXP"))).toBe("JBSWY3DPEHPK3PXP");
    expect(() => base32Decode("not*base32")).toThrow();
  });

  it("accepts one step either side and no further", () => {
    const now = 1_800_000_000_000;
    const step = totpStep(now);
    const at = (offset: number) => totpCode(RFC_SECRET, now + offset * 30_000);
    expect(matchTotp(RFC_SECRET, at(0), now)).toBe(step);
    expect(matchTotp(RFC_SECRET, at(-1), now)).toBe(step - 1);
    expect(matchTotp(RFC_SECRET, at(1), now)).toBe(step + 1);
    expect(matchTotp(RFC_SECRET, at(-2), now)).toBeUndefined();
    expect(matchTotp(RFC_SECRET, at(2), now)).toBeUndefined();
    expect(matchTotp(RFC_SECRET, "12345", now)).toBeUndefined();
    expect(matchTotp(RFC_SECRET, "abcdef", now)).toBeUndefined();
  });

  it("names the account and issuer in the otpauth URI", () => {
    const uri = totpUri("JBSWY3DPEHPK3PXP", "owner@example.org", "Example Site");
    expect(uri).toBe(
      "otpauth://totp/Example%20Site%3Aowner%40example.org?secret=JBSWY3DPEHPK3PXP&issuer=Example+Site&algorithm=SHA1&digits=6&period=30",
    );
  });
});
