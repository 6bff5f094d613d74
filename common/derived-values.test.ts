import { describe, expect, it } from "vitest";
import { anchorFrom, derive, videoTypeOf } from "./derived-values";

describe("anchors made from headings", () => {
  it("joins the lowercase words with single hyphens", () => {
    expect(anchorFrom("Learning That Lasts")).toBe("learning-that-lasts");
    expect(anchorFrom("  Co-Designing for Adults!  ")).toBe("co-designing-for-adults");
    expect(anchorFrom("AI & the 2025 plan")).toBe("ai-the-2025-plan");
  });

  it("drops accents and keeps only letters and digits", () => {
    expect(anchorFrom("Café Crème, déjà vu")).toBe("cafe-creme-deja-vu");
    expect(anchorFrom("¿?!")).toBe("");
  });

  it("stays within 60 characters, cut between words", () => {
    const anchor = anchorFrom("word ".repeat(30));
    expect(anchor.length).toBeLessThanOrEqual(60);
    expect(anchor.endsWith("-")).toBe(false);
    expect(anchorFrom("a".repeat(80))).toBe("a".repeat(60));
  });

  it("fits the anchor name rule of the schemas", () => {
    for (const text of ["Hello, World", "Über 3 Ways", "x"]) {
      expect(anchorFrom(text)).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    }
  });
});

describe("a video's type from its file name", () => {
  it("knows WebM and MP4, whatever the case, ignoring a query", () => {
    expect(videoTypeOf("/video/calm-waves.webm")).toBe("video/webm");
    expect(videoTypeOf("/video/CALM.MP4")).toBe("video/mp4");
    expect(videoTypeOf("/video/clip.mp4?v=2")).toBe("video/mp4");
  });

  it("gives null for another file", () => {
    expect(videoTypeOf("/video/clip.mov")).toBeNull();
    expect(videoTypeOf("/video/mp4")).toBeNull();
  });
});

describe("derive", () => {
  it("applies the named derivation, null when the source is not text", () => {
    expect(derive({ kind: "anchor", from: "heading" }, "Our Mission")).toBe("our-mission");
    expect(derive({ kind: "anchor", from: "heading" }, "")).toBeNull();
    expect(derive({ kind: "video-type", from: "src" }, "/v/a.webm")).toBe("video/webm");
    expect(derive({ kind: "video-type", from: "src" }, 3)).toBeNull();
  });
});
