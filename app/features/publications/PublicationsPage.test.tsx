// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { seedSnapshot } from "#common/content/snapshot";
import { PublicationsPage } from "./PublicationsPage";
import { renderWithContent } from "~/content/test-content";

const { publications } = seedSnapshot();

beforeEach(() => {
  vi.stubGlobal(
    "matchMedia",
    vi.fn(() => ({ matches: false, addEventListener: () => {}, removeEventListener: () => {} })),
  );
});

function renderPage(variant: "desktop" | "mobile") {
  return renderWithContent(<PublicationsPage variant={variant} />);
}

function externalLinks(root: HTMLElement) {
  return [...root.querySelectorAll("a")].filter((a) =>
    /^https?:/.test(a.getAttribute("href") ?? ""),
  );
}

describe.each(["desktop", "mobile"] as const)("Publications %s", (variant) => {
  it("has one h1 and the five publication links, opening in a new tab", () => {
    renderPage(variant);
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    for (const publication of publications) {
      const link = screen.getByRole("link", { name: new RegExp(`^${publication.title}`) });
      expect(link.getAttribute("href")).toBe(publication.url);
      expect(link.getAttribute("target")).toBe("_blank");
      expect(link.getAttribute("rel")).toBe("noopener noreferrer");
    }
    for (const link of externalLinks(screen.getByRole("main"))) {
      expect(link.getAttribute("target")).toBe("_blank");
      expect(link.getAttribute("rel")).toBe("noopener noreferrer");
    }
  });
});

describe("Publications desktop extras", () => {
  it("has four conferences, three expertise areas, Learn More and Contact Us", () => {
    renderPage("desktop");
    const conferences = screen.getByRole("region", { name: "Conferences" });
    expect(within(conferences).getAllByRole("listitem")).toHaveLength(4);
    const expertise = screen.getByRole("region", { name: "Expertise" });
    expect(
      within(expertise)
        .getAllByRole("heading", { level: 3 })
        .map((h) => h.textContent),
    ).toEqual([
      "Participatory Design to Enhance Communities' Voice",
      "Innovative Learning Program Design",
      "Empowering Professional Development for Teams",
    ]);
    const learnMore = within(expertise).getByRole("link", { name: /^Learn More/ });
    expect(learnMore.getAttribute("target")).toBe("_blank");
    const contact = within(screen.getByRole("main")).getByRole("link", { name: "Contact Us" });
    expect(contact.getAttribute("href")).toBe("/contact-desktop");
  });

  it("leaves the extras off the mobile page", () => {
    renderPage("mobile");
    expect(screen.queryByRole("region", { name: "Conferences" })).toBeNull();
    expect(screen.getByRole("link", { name: "Open menu" })).toBeTruthy();
  });
});
