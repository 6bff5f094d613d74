import { describe, expect, it } from "vitest";
import { MEDIA_ALT_MAX, MEDIA_MESSAGES, mediaAltProblem, mediaVariantWidths } from "./media.js";

describe("mediaVariantWidths", () => {
  it("offers every standard width below the image, and the image's own up to 1920 px", () => {
    expect(mediaVariantWidths(4000)).toEqual([320, 640, 960, 1280, 1920]);
    expect(mediaVariantWidths(1920)).toEqual([320, 640, 960, 1280, 1920]);
    expect(mediaVariantWidths(1921)).toEqual([320, 640, 960, 1280, 1920]);
    expect(mediaVariantWidths(1500)).toEqual([320, 640, 960, 1280, 1500]);
    expect(mediaVariantWidths(640)).toEqual([320, 640]);
    expect(mediaVariantWidths(100)).toEqual([100]);
  });
});

describe("mediaAltProblem", () => {
  it("requires alt text unless the image is decorative, which has none", () => {
    expect(mediaAltProblem("A river at dusk", false)).toBeNull();
    expect(mediaAltProblem("", true)).toBeNull();
    expect(mediaAltProblem("", false)).toBe(MEDIA_MESSAGES.altRequired);
    expect(mediaAltProblem("A river", true)).toBe(MEDIA_MESSAGES.altWithDecorative);
    expect(mediaAltProblem("x".repeat(MEDIA_ALT_MAX), false)).toBeNull();
    expect(mediaAltProblem("x".repeat(MEDIA_ALT_MAX + 1), false)).toBe(MEDIA_MESSAGES.altTooLong);
    expect(mediaAltProblem("line\nbreak", false)).toBe(MEDIA_MESSAGES.altControlCharacter);
    expect(mediaAltProblem("\ud800", false)).toBe(MEDIA_MESSAGES.altControlCharacter);
  });
});
