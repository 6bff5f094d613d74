import { describe, expect, it } from "vitest";
import { switchedPath } from "./viewport";

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
