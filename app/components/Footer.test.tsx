// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Footer } from "./Footer";
import { renderWithContent } from "~/content/test-content";
import { seedSnapshot, type ContentSnapshot } from "#common/content/snapshot";
import { DEFAULT_SITE_TIME_ZONE } from "#common/site-year";
import { yearIn } from "#common/zoned-time";

function renderFooter(props: Parameters<typeof Footer>[0], snapshot?: ContentSnapshot) {
  return renderWithContent(<Footer {...props} />, snapshot ? { snapshot } : {});
}

/** The seed with the organisation's real social profiles filled in for some networks. */
function withProfiles(profiles: ContentSnapshot["organisation"]["socialProfiles"]) {
  const seed = seedSnapshot();
  return { ...seed, organisation: { ...seed.organisation, socialProfiles: profiles } };
}

describe("Footer", () => {
  it("shows the logo, the organisation's email and phone, page links, profile, copyright and labels", () => {
    renderFooter({ variant: "desktop" });
    const footer = screen.getByRole("contentinfo");
    expect(within(footer).getByRole("img", { name: "Commons Learning Design" })).toBeTruthy();
    expect(
      within(footer).getByRole("link", { name: "hello@example.org" }).getAttribute("href"),
    ).toBe("mailto:hello@example.org");
    expect(within(footer).getByRole("link", { name: "(206) 555-0142" }).getAttribute("href")).toBe(
      "tel:2065550142",
    );
    // The seed's social profiles are example addresses: none is shown, nor their list.
    expect(within(footer).queryByRole("list", { name: "Follow us" })).toBeNull();
    expect(within(footer).queryByRole("link", { name: /Facebook/ })).toBeNull();
    expect(within(footer).getByRole("link", { name: "About Us" }).getAttribute("href")).toBe(
      "/about-desktop",
    );
    expect(within(footer).getByRole("link", { name: "Our Services" }).getAttribute("href")).toBe(
      "/services-desktop",
    );
    expect(within(footer).getByRole("link", { name: "Contact Us" }).getAttribute("href")).toBe(
      "/contact-desktop",
    );
    expect(within(footer).getByRole("link", { name: /^Connect on LinkedIn/ })).toBeTruthy();
    expect(
      within(footer).getByText(`© ${yearIn(Date.now(), DEFAULT_SITE_TIME_ZONE)}`),
    ).toBeTruthy();
    expect(within(footer).getByRole("link", { name: "Privacy Policy" }).getAttribute("href")).toBe(
      "/privacy",
    );
    expect(
      within(footer).getByRole("link", { name: "Terms of Service" }).getAttribute("href"),
    ).toBe("/terms");
    expect(within(footer).queryByText("Cookie Settings")).toBeNull();
  });

  it("shows the postal address when staff give one, line by line", () => {
    const seed = seedSnapshot();
    expect(seed.organisation.postalAddress).toBeUndefined();
    renderFooter(
      { variant: "desktop" },
      {
        ...seed,
        organisation: { ...seed.organisation, postalAddress: "1 Example Way\nSpringfield" },
      },
    );
    const address = screen.getByRole("contentinfo").querySelector("address");
    expect(address?.textContent).toContain("1 Example Way\nSpringfield");
  });

  it("shows only the social profiles with a real address, in staff's order", () => {
    renderFooter(
      { variant: "desktop" },
      withProfiles([
        {
          network: "linkedin",
          label: "LinkedIn",
          url: "https://www.linkedin.com/company/riverbank",
        },
        { network: "facebook", label: "Facebook", url: "https://example.com/social/facebook" },
        { network: "youtube", label: "YouTube", url: "https://www.youtube.example.org/@x" },
        { network: "instagram", label: "Instagram", url: "https://instagram.com/riverbank" },
      ]),
    );
    const list = screen.getByRole("list", { name: "Follow us" });
    const links = within(list).getAllByRole("link");
    expect(links.map((link) => link.getAttribute("href"))).toEqual([
      "https://www.linkedin.com/company/riverbank",
      "https://instagram.com/riverbank",
    ]);
    const linkedIn = within(list).getByRole("link", { name: "LinkedIn (opens in a new tab)" });
    expect(linkedIn.getAttribute("target")).toBe("_blank");
    expect(linkedIn.getAttribute("rel")).toBe("noopener noreferrer");
  });

  it("links to the mobile pages and shows the cookie label on contact screens", () => {
    renderFooter({ variant: "mobile", showCookieLabel: true });
    expect(screen.getByRole("link", { name: "About Us" }).getAttribute("href")).toBe(
      "/about-mobile",
    );
    expect(screen.getByRole("link", { name: "Contact Us" }).getAttribute("href")).toBe(
      "/contact-mobile",
    );
    expect(screen.getByText("Cookie Settings").closest("a")).toBeNull();
  });
});
