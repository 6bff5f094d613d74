import { describe, expect, it } from "vitest";
import { isExemptFromSwitching, switchedPath } from "./viewport";

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
    expect(isExemptFromSwitching("/admin/updates")).toBe(true);
    expect(isExemptFromSwitching("/about-mobile")).toBe(false);
  });
});
