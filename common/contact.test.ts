import { describe, expect, it } from "vitest";
import { contactSubmissionSchema, messagePatchSchema } from "./contact-schemas.js";
import { CONTACT_LIMITS, HONEYPOT_FIELD } from "./contact.js";

describe("contact submission schema", () => {
  const schema = contactSubmissionSchema;

  it("requires nothing and fills absent fields with empty text", () => {
    expect(schema.parse({})).toEqual({
      firstName: "",
      lastName: "",
      email: "",
      message: "",
      course: "",
      website: "",
    });
  });

  it("accepts a valid email and refuses anything else given", () => {
    expect(schema.parse({ email: " ada@example.org " }).email).toBe("ada@example.org");
    expect(schema.safeParse({ email: "ada" }).success).toBe(false);
  });

  it("caps each field", () => {
    expect(CONTACT_LIMITS).toEqual({
      firstName: 100,
      lastName: 100,
      email: 254,
      message: 5000,
      course: 120,
    });
    expect(schema.safeParse({ course: "x".repeat(121) }).success).toBe(false);
    expect(schema.safeParse({ message: "x".repeat(5000) }).success).toBe(true);
    expect(schema.safeParse({ message: "x".repeat(5001) }).success).toBe(false);
    expect(schema.safeParse({ firstName: "x".repeat(101) }).success).toBe(false);
  });

  it("knows the honeypot and refuses other unknown fields", () => {
    expect(HONEYPOT_FIELD).toBe("website");
    expect(schema.parse({ website: "http://x" }).website).toBe("http://x");
    expect(schema.safeParse({ acceptTerms: true }).success).toBe(false);
  });

  it("the inbox's patch needs spam", () => {
    expect(messagePatchSchema.safeParse({ spam: true }).success).toBe(true);
    expect(messagePatchSchema.safeParse({}).success).toBe(false);
  });
});
