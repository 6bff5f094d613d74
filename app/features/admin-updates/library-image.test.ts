import { describe, expect, it } from "vitest";
import type { MediaLibraryItem } from "../../../common/media";
import { libraryImageUrl } from "./library-image";

const item = {
  url: "/media/abc/original.jpg",
  variants: [
    { url: "/media/abc/640.webp", width: 640, format: "webp" },
    { url: "/media/abc/1280.avif", width: 1280, format: "avif" },
    { url: "/media/abc/1280.webp", width: 1280, format: "webp" },
  ],
} as unknown as MediaLibraryItem;

describe("an update's image from the library", () => {
  it("is the widest WebP copy, as an absolute address on this site", () => {
    expect(libraryImageUrl(item, "https://www.example.org")).toBe(
      "https://www.example.org/media/abc/1280.webp",
    );
    expect(libraryImageUrl({ ...item, variants: [] }, "http://127.0.0.1:3000")).toBe(
      "http://127.0.0.1:3000/media/abc/original.jpg",
    );
  });
});
