import { describe, expect, it } from "vitest";
import { eventSchema } from "./event.js";
import { image, list, multiLine, singleLine, sitePath, webAddress } from "./fields.js";
import { organisationSchema } from "./organisation.js";
import { seedSnapshot } from "./registry.js";

const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join("."), issue.message]);

describe("content fields", () => {
  it("single-line text refuses leading or trailing spaces and control characters", () => {
    const heading = singleLine("Heading", 10);
    expect(heading.safeParse("Fine").success).toBe(true);
    expect(messages(heading.safeParse(" Padded"))).toEqual([
      ["", "Heading must not start or end with spaces"],
    ]);
    expect(messages(heading.safeParse("A\u0085B"))).toEqual([
      [
        "",
        "Heading contains a control character (a text-direction control, for one) or invalid text",
      ],
    ]);
    expect(messages(heading.safeParse("\ud800"))).toEqual([
      [
        "",
        "Heading contains a control character (a text-direction control, for one) or invalid text",
      ],
    ]);
    expect(messages(heading.safeParse(undefined))).toEqual([["", "Heading is required"]]);
  });

  it("multi-line text keeps line breaks and tabs", () => {
    expect(multiLine("Bio", 100).safeParse("Line one\r\n\tLine two\n").success).toBe(true);
  });

  it("a web address is http or https", () => {
    const url = webAddress("Web address");
    expect(url.safeParse("https://example.org/a?b=c").success).toBe(true);
    for (const bad of ["javascript:alert(1)", "example.org", "/contact", "ftp://example.org"]) {
      expect(messages(url.safeParse(bad))).toEqual([
        ["", "Web address must be a web address starting with https:// or http://"],
      ]);
    }
  });

  it("a site path starts with one slash and has no spaces", () => {
    const path = sitePath("Page");
    expect(path.safeParse("/contact-desktop").success).toBe(true);
    for (const bad of ["//evil.example", "contact", "/a b", "https://example.org/"]) {
      expect(messages(path.safeParse(bad))).toEqual([
        ["", "Page must be a path on this site, starting with a single / and without spaces"],
      ]);
    }
  });

  it("a picture needs its file and real size; alt text may be empty (decorative)", () => {
    const picture = image("Picture");
    expect(
      picture.safeParse({ src: "/images/a.webp", alt: "", width: 10, height: 10 }).success,
    ).toBe(true);
    expect(messages(picture.safeParse({ src: "/images/a.webp", alt: "A", width: 0 }))).toEqual([
      ["width", "Width must be a whole number of pixels from 1 to 10000"],
      ["height", "Height must be a whole number of pixels from 1 to 10000"],
    ]);
  });

  it("a list says how many items it may hold", () => {
    const two = list(singleLine("Benefit", 20), "Benefits", { min: 2, max: 2 });
    expect(messages(two.safeParse(["One"]))).toEqual([["", "Benefits must have exactly 2 items"]]);
  });
});

describe("collection schemas", () => {
  it("an event session must end after it starts", () => {
    const event = seedSnapshot().events[0]!;
    const session = { ...event.sessions[0]!, end: event.sessions[0]!.start };
    expect(messages(eventSchema.safeParse({ ...event, sessions: [session] }))).toEqual([
      ["sessions.0.end", "End must be after Start"],
    ]);
    expect(messages(eventSchema.safeParse({ ...event, timezone: "Mars/Olympus" }))).toEqual([
      ["timezone", "Time zone must be one of: America/Los_Angeles"],
    ]);
  });

  it("the organisation's email must be an email address", () => {
    const organisation = seedSnapshot().organisation;
    expect(messages(organisationSchema.safeParse({ ...organisation, email: "nobody" }))).toEqual([
      ["email", "Email must be an email address, e.g. name@example.org"],
    ]);
  });
});
