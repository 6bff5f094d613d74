// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithContent } from "~/content/test-content";
import { HomeDesktop } from "./HomeDesktop";
import { HomeMobile } from "./HomeMobile";

beforeEach(() => {
  vi.stubGlobal(
    "matchMedia",
    vi.fn(() => ({ matches: false, addEventListener: () => {}, removeEventListener: () => {} })),
  );
});

describe.each([
  ["desktop", HomeDesktop],
  ["mobile", HomeMobile],
] as const)("the %s home page", (_variant, Home) => {
  it("links to every event and every update (What's on)", () => {
    renderWithContent(<Home featured={[]} />);
    const current = screen.getByRole("navigation", { name: "What's on" });
    const links = within(current).getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Events", "/events"],
      ["Updates", "/updates"],
    ]);
  });
});
