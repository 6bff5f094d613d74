import { describe, expect, it } from "vitest";
import type { MediaLibraryItem } from "#common/media";
import { mediaPathOf } from "./MediaPathInput";

const item = (url: string, variants: MediaLibraryItem["variants"]) =>
  ({ url, variants }) as unknown as MediaLibraryItem;

describe("a course icon's address from the media library", () => {
  it("is the SVG or whole file when there are no copies", () => {
    expect(mediaPathOf(item("/icons/gamepad.svg", []))).toBe("/icons/gamepad.svg");
  });

  it("is the narrowest WebP copy at least 64 px wide, else the widest, site-relative", () => {
    const copies: MediaLibraryItem["variants"] = [
      { url: "/media/0123456789abcdef-32.webp", width: 32, format: "webp" },
      { url: "/media/0123456789abcdef-320.avif", width: 320, format: "avif" },
      { url: "/media/0123456789abcdef-640.webp", width: 640, format: "webp" },
      { url: "/media/0123456789abcdef-320.webp", width: 320, format: "webp" },
    ];
    expect(mediaPathOf(item("/media/0123456789abcdef-800.jpg", copies))).toBe(
      "/media/0123456789abcdef-320.webp",
    );
    expect(mediaPathOf(item("/media/0123456789abcdef-40.png", copies.slice(0, 1)))).toBe(
      "/media/0123456789abcdef-32.webp",
    );
  });
});
