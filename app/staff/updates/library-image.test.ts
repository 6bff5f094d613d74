import { describe, expect, it } from "vitest";
import type { MediaLibraryItem } from "../../../common/media";
import { createUpdateSchema } from "../../../common/updates-schemas";
import { libraryImageUrl } from "./library-image";

const item = {
  url: "/media/0123456789abcdef-1600.jpg",
  variants: [
    { url: "/media/0123456789abcdef-640.webp", width: 640, format: "webp" },
    { url: "/media/0123456789abcdef-1280.avif", width: 1280, format: "avif" },
    { url: "/media/0123456789abcdef-1280.webp", width: 1280, format: "webp" },
  ],
} as unknown as MediaLibraryItem;

describe("an update's image from the library", () => {
  it("is the widest WebP copy, as a site-relative address without the host", () => {
    expect(libraryImageUrl(item)).toBe("/media/0123456789abcdef-1280.webp");
    expect(libraryImageUrl({ ...item, variants: [] })).toBe("/media/0123456789abcdef-1600.jpg");
  });

  it("is accepted by the updates API as it is, as is an absolute address already stored", () => {
    const base = { type: "news", title: "T", summary: "S", status: "draft", featured: false };
    const base2 = { ...base, published_at: "2026-01-01T00:00:00Z" };
    const parse = (image_url: string) => createUpdateSchema.safeParse({ ...base2, image_url });
    expect(parse(libraryImageUrl(item)).data?.image_url).toBe("/media/0123456789abcdef-1280.webp");
    expect(parse("/images/flyer.webp").success).toBe(true);
    expect(parse("https://www.example.org/media/0123456789abcdef-1280.webp").success).toBe(true);
    for (const refused of [
      "//evil.example/x.webp",
      "media/x.webp",
      "javascript:alert(1)",
      "/a b",
    ]) {
      expect(parse(refused).success, refused).toBe(false);
    }
  });
});
