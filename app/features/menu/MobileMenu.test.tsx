// @vitest-environment jsdom
import { fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MobileMenu } from "./MobileMenu";
import { renderWithContent } from "~/content/test-content";

function renderMenu(entries: string[]) {
  return renderWithContent(<p>page</p>, {
    routes: [{ path: "/menu-mobile", Component: MobileMenu }],
    initialEntries: entries,
  }).router;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("MobileMenu", () => {
  it("lists the links in order, the Contact Us button and the taglines", () => {
    renderMenu(["/menu-mobile"]);
    const links = screen.getAllByRole("link").map((l) => [l.textContent, l.getAttribute("href")]);
    expect(links).toEqual([
      ["", "/home-mobile"],
      ["New Project", "/currents-of-care"],
      ["Home", "/home-mobile"],
      ["About", "/about-mobile"],
      ["Services", "/services-mobile"],
      ["Publications", "/publications-mobile"],
      // What is current, whatever the menu's content lists (design 15).
      ["Events", "/events"],
      ["Updates", "/updates"],
      ["Contact Us", "/contact-mobile"],
    ]);
    expect(screen.getByText("Learning for Change")).toBeTruthy();
    expect(screen.getByText("Collective Design for Social Good")).toBeTruthy();
  });

  it("closes by going back in history", () => {
    window.history.replaceState({ idx: 1 }, "");
    const router = renderMenu(["/about-mobile", "/menu-mobile"]);
    fireEvent.click(screen.getByRole("button", { name: "Close menu" }));
    return expect.poll(() => router.state.location.pathname).toBe("/about-mobile");
  });

  it("goes back to a page without React that opened it with a full page load", () => {
    window.history.replaceState(null, "");
    window.history.pushState(null, "");
    vi.spyOn(document, "referrer", "get").mockReturnValue(`${window.location.origin}/about-mobile`);
    const router = renderMenu(["/about-mobile", "/menu-mobile"]);
    fireEvent.click(screen.getByRole("button", { name: "Close menu" }));
    return expect.poll(() => router.state.location.pathname).toBe("/about-mobile");
  });

  it("goes home when the previous page belongs to another site", () => {
    window.history.replaceState(null, "");
    window.history.pushState(null, "");
    vi.spyOn(document, "referrer", "get").mockReturnValue("https://elsewhere.example/");
    const router = renderMenu(["/about-mobile", "/menu-mobile"]);
    fireEvent.click(screen.getByRole("button", { name: "Close menu" }));
    return expect.poll(() => router.state.location.pathname).toBe("/home-mobile");
  });

  it("goes to the mobile home when there is nothing of the site to go back to", () => {
    window.history.replaceState({ idx: 0 }, "");
    const router = renderMenu(["/menu-mobile"]);
    fireEvent.click(screen.getByRole("button", { name: "Close menu" }));
    return expect.poll(() => router.state.location.pathname).toBe("/home-mobile");
  });
});
