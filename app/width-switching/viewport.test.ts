// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { MOBILE_QUERY, switchedPath, variantRedirectScript } from "./viewport";

describe("switchedPath", () => {
  it("switches -desktop and -mobile paths to the variant for the width", () => {
    expect(switchedPath("/about-desktop", "mobile")).toBe("/about-mobile");
    expect(switchedPath("/about-mobile", "desktop")).toBe("/about-desktop");
    expect(switchedPath("/currents-of-care-mobile", "desktop")).toBe("/currents-of-care-desktop");
    expect(switchedPath("/home-desktop/", "mobile")).toBe("/home-mobile");
  });
  it("leaves matching variants and other paths alone", () => {
    expect(switchedPath("/about-desktop", "desktop")).toBeNull();
    expect(switchedPath("/home-mobile", "mobile")).toBeNull();
    expect(switchedPath("/", "mobile")).toBeNull();
    expect(switchedPath("/sms-opt-in", "mobile")).toBeNull();
  });
  it("never switches the exempt paths", () => {
    expect(switchedPath("/admin/updates-desktop", "mobile")).toBeNull();
    expect(switchedPath("/menu-mobile", "desktop")).toBeNull();
    expect(switchedPath("/menu-mobile/", "desktop")).toBeNull();
    expect(switchedPath("/sms-opt-in/", "mobile")).toBeNull();
  });
  it("switches only the screens the route table lists twice", () => {
    expect(switchedPath("/events", "mobile")).toBeNull();
    expect(switchedPath("/updates", "mobile")).toBeNull();
    expect(switchedPath("/no-such-page-desktop", "mobile")).toBeNull();
    expect(switchedPath("/admin/content-desktop", "mobile")).toBeNull();
  });
});

describe("variantRedirectScript", () => {
  afterEach(() => vi.unstubAllGlobals());

  /** Runs the script as source text in a window `width` px wide; returns where it went. */
  function redirectAt(width: number, base: string): string {
    const queries: string[] = [];
    vi.stubGlobal("matchMedia", (query: string) => {
      queries.push(query);
      return { matches: width < 600 };
    });
    const replace = vi.fn();
    vi.stubGlobal("location", { search: "?inquire", hash: "#form", replace });
    new Function(variantRedirectScript(base))();
    expect(queries).toEqual([MOBILE_QUERY]);
    expect(replace).toHaveBeenCalledTimes(1);
    return replace.mock.calls[0]![0] as string;
  }

  it("replaces the page with the variant for the width, query and hash kept", () => {
    expect(redirectAt(390, "home")).toBe("/home-mobile?inquire#form");
    expect(redirectAt(599, "publications")).toBe("/publications-mobile?inquire#form");
    expect(redirectAt(600, "home")).toBe("/home-desktop?inquire#form");
    expect(redirectAt(1280, "contact")).toBe("/contact-desktop?inquire#form");
  });

  it("never lets a value end its script element", () => {
    expect(variantRedirectScript("x</script><script>alert(1)")).not.toContain("</script");
  });
});
