import { describe, expect, it } from "vitest";
import { organisationSeed } from "./content/seed/organisation.js";
import { isRealAddress, shownSocialProfiles, smsHelpReply, telephoneHref } from "./organisation.js";

describe("the organisation's facts as the site shows them", () => {
  it("shows no address that is empty, unreadable or an example", () => {
    for (const url of [
      "",
      " ",
      undefined,
      "not an address",
      "https://example.com/social/x",
      "https://EXAMPLE.org/x",
      "https://social.example.net/x",
      "https://www.example/x",
    ]) {
      expect(isRealAddress(url), String(url)).toBe(false);
    }
    for (const url of ["https://instagram.com/riverbank", "https://www.examples.com/x"]) {
      expect(isRealAddress(url), url).toBe(true);
    }
  });

  it("keeps the seed's example profiles from visitors", () => {
    expect(organisationSeed.socialProfiles.length).toBeGreaterThan(0);
    expect(shownSocialProfiles(organisationSeed)).toEqual([]);
  });

  it("dials the digits of a phone number", () => {
    expect(telephoneHref("(206) 555-0142")).toBe("tel:2065550142");
    expect(telephoneHref("+1 206 555 0142")).toBe("tel:+12065550142");
  });

  it("answers HELP with the name, how to get help, the rates and how to stop", () => {
    expect(smsHelpReply({ name: "Riverbank", email: "hi@riverbank.example.org" })).toBe(
      "Riverbank text updates. Msg frequency varies. Msg & data rates may apply. " +
        "Email hi@riverbank.example.org for help. Reply STOP to unsubscribe.",
    );
    expect(smsHelpReply(organisationSeed)).toContain(
      "Email hello@example.org or call (206) 555-0142 for help.",
    );
  });
});
