import { describe, expect, it } from "vitest";
import { inlineStyles } from "../web/csp.js";
import { editorPathOf, previewLinksOf, withPreviewBanner } from "./preview-banner.js";

describe("the preview banner", () => {
  it("leads back to the editor named in ?preview, else to the content overview", () => {
    const id = "0b6f9d3e-1c2a-4e5f-8a9b-0c1d2e3f4a5b";
    expect(editorPathOf("home")).toBe("/admin/content/home");
    expect(editorPathOf(`courses/${id}`)).toBe(`/admin/content/courses/${id}`);
    expect(editorPathOf("courses/../../x")).toBe("/admin/content");
    expect(editorPathOf("courses/not-an-id")).toBe("/admin/content/courses");
    for (const value of [
      "",
      "1",
      null,
      undefined,
      "javascript:alert(1)",
      "//evil.example",
      "home/x/y",
    ]) {
      expect(editorPathOf(value)).toBe("/admin/content");
    }
  });

  it("goes first in the body, its style in the head, where the page's policy hashes it", () => {
    const html =
      '<!DOCTYPE html><html lang="en"><head><title>x</title></head><body class="b"><main>Page</main></body></html>';
    const out = withPreviewBanner(html, { editor: "/admin/content/home" });
    expect(out).toMatch(
      /<body class="b"><aside class="preview-banner" aria-label="Preview">Preview: draft changes, not yet public\.<a href="\/admin\/content\/home">Back to the editor<\/a><\/aside><main>/,
    );
    expect(out.indexOf("<style>")).toBeLessThan(out.indexOf("</head>"));
    expect(inlineStyles(out)).toHaveLength(1);
    expect(withPreviewBanner("<p>no document</p>", { editor: "/admin/content" })).toBe(
      "<p>no document</p>",
    );
  });

  it("links a page in two widths to the other width's preview, never echoing the query", () => {
    const id = "0b6f9d3e-1c2a-4e5f-8a9b-0c1d2e3f4a5b";
    expect(previewLinksOf("/home-desktop", "home")).toEqual({
      editor: "/admin/content/home",
      otherWidth: { href: "/home-mobile?preview=home", label: "See the mobile page" },
    });
    expect(previewLinksOf("/about-mobile", `team/${id}`).otherWidth).toEqual({
      href: `/about-desktop?preview=team/${id}`,
      label: "See the desktop page",
    });
    expect(previewLinksOf("/about-mobile", '"><script>').otherWidth?.href).toBe(
      "/about-desktop?preview=",
    );
    expect(previewLinksOf("/events", "events")).toEqual({ editor: "/admin/content/events" });
    const html = "<!DOCTYPE html><html><head></head><body><main>Page</main></body></html>";
    expect(withPreviewBanner(html, previewLinksOf("/home-desktop", "home"))).toContain(
      '<a href="/admin/content/home">Back to the editor</a><a href="/home-mobile?preview=home">See the mobile page</a></aside>',
    );
  });
});
