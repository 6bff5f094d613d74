import { describe, expect, it } from "vitest";
import { checkPhone, formatPhone, PHONE_MESSAGES, toE164 } from "./phone.js";

describe("phone rules (docs/product.md section 8)", () => {
  it("blank or missing: 'Please enter a valid phone number'", () => {
    for (const value of ["", "   ", "\t", undefined, null, 42]) {
      expect(checkPhone(value)).toEqual({ ok: false, message: PHONE_MESSAGES.required });
    }
    expect(PHONE_MESSAGES.required).toBe("Please enter a valid phone number");
  });

  it("strips non-digits and needs exactly 10: else 'Please enter a valid 10-digit phone number'", () => {
    expect(PHONE_MESSAGES.tenDigits).toBe("Please enter a valid 10-digit phone number");
    for (const value of [
      "123",
      "abc",
      "555-0100",
      "12065550100",
      "+1 (206) 555-0100",
      "206555010",
    ]) {
      expect(checkPhone(value)).toEqual({ ok: false, message: PHONE_MESSAGES.tenDigits });
    }
    for (const value of [
      "2065550100",
      "(206) 555-0100",
      "206.555.0100",
      " 206 555 0100 ",
      "tel:206-555-0100",
    ]) {
      expect(checkPhone(value)).toEqual({ ok: true, digits: "2065550100", e164: "+12065550100" });
    }
  });

  it("normalises provider numbers to E.164 and formats for display", () => {
    expect(toE164("+12065550100")).toBe("+12065550100");
    expect(toE164("2065550100")).toBe("+12065550100");
    expect(toE164("+442071838750")).toBe("+442071838750");
    expect(toE164("no digits")).toBeNull();
    expect(formatPhone("+12065550100")).toBe("(206) 555-0100");
    expect(formatPhone("+442071838750")).toBe("+442071838750");
  });
});
