import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fieldMessages } from "./errors.js";

describe("fieldMessages", () => {
  it("names an unknown field at the group that holds it, so the editor can point at it", () => {
    const schema = z.strictObject({
      gallery: z.strictObject({ slides: z.array(z.strictObject({ src: z.string() })) }),
    });
    const result = schema.safeParse({
      gallery: { slides: [{ src: "/a.webp" }, { src: "/b.webp", variants: [] }] },
      extra: 1,
    });
    expect(result.success).toBe(false);
    expect(fieldMessages(result.error!)).toEqual({
      extra: "Unknown field: extra",
      "gallery.slides.1.variants": "Unknown field: variants",
    });
  });
});
