import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { renderTimeContext } from "~/lib/render-time";
import { siteTimeZoneContext } from "~/lib/site-time-zone";
import { loader } from "./root";

type Args = Parameters<typeof loader>[0];

/** The root loader's frame at a moment, in a zone, as the server renders it. */
function rootAt(iso: string, timeZone?: string) {
  const context = new RouterContextProvider();
  context.set(renderTimeContext, Date.parse(iso));
  if (timeZone) context.set(siteTimeZoneContext, timeZone);
  return loader({ context } as unknown as Args);
}

function layoutAt(iso: string, timeZone?: string) {
  return rootAt(iso, timeZone).layout;
}

describe("the root loader", () => {
  it("gives the footer the year of the render's moment in SITE_TIME_ZONE", () => {
    // 23:00 on New Year's Eve in Los Angeles, already 1 January in UTC.
    expect(layoutAt("2027-01-01T07:00:00.000Z", "America/Los_Angeles").year).toBe(2026);
    expect(layoutAt("2027-01-01T07:00:00.000Z", "UTC").year).toBe(2027);
    // Without a zone from the server (build-time checks): SITE_TIME_ZONE's default.
    expect(layoutAt("2027-01-01T07:00:00.000Z").year).toBe(2026);
    expect(layoutAt("2027-01-01T08:00:00.000Z").year).toBe(2027);
  });

  it("gives the staff pages SITE_TIME_ZONE, or its default", () => {
    expect(rootAt("2026-11-28T12:00:00.000Z", "Asia/Kolkata").timeZone).toBe("Asia/Kolkata");
    expect(rootAt("2026-11-28T12:00:00.000Z").timeZone).toBe("America/Los_Angeles");
  });
});
