// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FeaturedProjects } from "./FeaturedProjects";
import { renderWithContent } from "~/content/test-content";

describe("FeaturedProjects", () => {
  it("shows three cards, every second one reversed, with external buttons", () => {
    renderWithContent(<FeaturedProjects />);
    expect(screen.getByRole("heading", { level: 2, name: "Featured Projects" })).toBeTruthy();
    const cards = screen.getAllByRole("article");
    expect(cards).toHaveLength(3);
    expect(cards.map((card) => card.getAttribute("data-layout"))).toEqual([
      "normal",
      "reversed",
      "normal",
    ]);
    const buttons = cards.map((card) => within(card).getByRole("link"));
    expect(buttons.map((b) => b.textContent?.startsWith("Learn More") ?? false)).toEqual([
      true,
      false,
      true,
    ]);
    expect(buttons[1]!.textContent).toMatch(/^Try it out/);
    for (const button of buttons) {
      expect(button.getAttribute("target")).toBe("_blank");
      expect(button.getAttribute("rel")).toBe("noopener noreferrer");
    }
    // The first project has a video and the two features.
    expect(cards[0]!.querySelector("video")).not.toBeNull();
    expect(within(cards[0]!).getByText("Community Focused")).toBeTruthy();
    expect(within(cards[0]!).getByText("Collaborative Design")).toBeTruthy();
    expect(within(cards[1]!).getByRole("img")).toBeTruthy();
  });
});
