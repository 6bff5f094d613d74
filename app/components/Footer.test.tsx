// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Footer } from "./Footer";
import { renderWithContent } from "~/content/test-content";

function renderFooter(props: Parameters<typeof Footer>[0]) {
  return renderWithContent(<Footer {...props} />);
}

describe("Footer", () => {
  it("shows the logo, the five social links, page links, profile, copyright and labels", () => {
    renderFooter({ variant: "desktop" });
    const footer = screen.getByRole("contentinfo");
    expect(within(footer).getByRole("img", { name: "Commons Learning Design" })).toBeTruthy();
    for (const network of ["Facebook", "Instagram", "YouTube", "LinkedIn", "X"]) {
      const link = within(footer).getByRole("link", { name: `${network} (opens in a new tab)` });
      expect(link.getAttribute("target")).toBe("_blank");
      expect(link.getAttribute("rel")).toBe("noopener noreferrer");
    }
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
    expect(within(footer).getByText("© 2025")).toBeTruthy();
    // Labels, not links.
    expect(within(footer).getByText("Privacy Policy").closest("a")).toBeNull();
    expect(within(footer).getByText("Terms of Service").closest("a")).toBeNull();
    expect(within(footer).queryByText("Cookie Settings")).toBeNull();
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
