// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Navbar } from "./Navbar";
import { MobileHeader } from "./MobileHeader";
import { renderWithContent } from "~/content/test-content";

describe("Navbar", () => {
  it("lists the links in order with their targets and marks the current page", () => {
    renderWithContent(<Navbar />, { initialEntries: ["/about-desktop"] });
    const nav = screen.getByRole("navigation", { name: "Main" });
    const links = within(nav).getAllByRole("link");
    expect(links.map((l) => [l.textContent, l.getAttribute("href")])).toEqual([
      ["", "/home-desktop"],
      ["New Project", "/currents-of-care"],
      ["Home", "/home-desktop"],
      ["About", "/about-desktop"],
      ["Services", "/services-desktop"],
      ["Publications", "/publications-desktop"],
      ["Contact Us", "/contact-desktop"],
    ]);
    expect(within(nav).getByRole("link", { name: "Commons Learning Design" })).toBe(links[0]);
    expect(within(nav).getByRole("link", { name: "About" }).getAttribute("aria-current")).toBe(
      "page",
    );
    expect(within(nav).getByRole("link", { name: "Home" }).getAttribute("aria-current")).toBeNull();
  });

  it("marks the current page when the path ends in a slash, as the server answers pages too", () => {
    renderWithContent(<Navbar />, { initialEntries: ["/about-desktop/"] });
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).getByRole("link", { name: "About" }).getAttribute("aria-current")).toBe(
      "page",
    );
    expect(
      within(nav).getByRole("link", { name: "New Project" }).getAttribute("aria-current"),
    ).toBe(null);
  });
});

describe("MobileHeader", () => {
  it("has an 'Open menu' link to /menu-mobile", () => {
    renderWithContent(<MobileHeader />);
    expect(screen.getByRole("link", { name: "Open menu" }).getAttribute("href")).toBe(
      "/menu-mobile",
    );
  });
});
