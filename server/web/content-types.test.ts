import { describe, expect, it } from "vitest";
import { contentTypeFor, extensionOf, isHtmlType, isMediaType } from "./content-types.js";

describe("content types", () => {
  it.each([
    ["index.html", "text/html; charset=utf-8"],
    ["assets/entry.client-8E4o7sCw.js", "text/javascript; charset=utf-8"],
    ["assets/root-D0kPSbtL.css", "text/css; charset=utf-8"],
    ["favicon.svg", "image/svg+xml"],
    ["images/TEAM.JPG", "image/jpeg"],
    ["video/vr.mp4", "video/mp4"],
    ["site.webmanifest", "application/manifest+json; charset=utf-8"],
    ["events/mural.ics", "text/calendar; charset=utf-8"],
    ["robots.txt", "text/plain; charset=utf-8"],
    ["currents-of-care.ics.data", "text/x-script"],
    ["LICENSE", "application/octet-stream"],
    [".hidden/file", "application/octet-stream"],
  ])("%s → %s", (name, type) => {
    expect(contentTypeFor(name)).toBe(type);
  });

  it("finds extensions only in the last path segment", () => {
    expect(extensionOf("a.b/c")).toBe("");
    expect(extensionOf("a/.env")).toBe("");
    expect(extensionOf("a/b.Tar.GZ")).toBe(".gz");
  });

  it("classifies media and HTML", () => {
    expect(isMediaType("video/webm")).toBe(true);
    expect(isMediaType("audio/mpeg")).toBe(true);
    expect(isMediaType("image/png")).toBe(false);
    expect(isHtmlType("text/html; charset=utf-8")).toBe(true);
  });
});
