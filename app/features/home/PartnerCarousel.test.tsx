// @vitest-environment jsdom
import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { seedSnapshot } from "#common/content/snapshot";
import { PartnerCarousel } from "./PartnerCarousel";
import { renderWithContent } from "~/content/test-content";

const PROPS = {
  heading: seedSnapshot().home.partners,
  logos: seedSnapshot().partners,
  pauseLabel: "Pause animation",
};

describe("PartnerCarousel", () => {
  it("shows the six logos twice, the copy hidden from screen readers", () => {
    const { container } = renderWithContent(<PartnerCarousel {...PROPS} />);
    expect(
      screen.getByRole("heading", { level: 2, name: "Trusted by Leading Organizations" }),
    ).toBeTruthy();
    expect(screen.getByText("projects with:")).toBeTruthy();
    const lists = container.querySelectorAll("ul");
    expect(lists).toHaveLength(2);
    expect(lists[0]!.getAttribute("aria-hidden")).toBeNull();
    expect(lists[1]!.getAttribute("aria-hidden")).toBe("true");
    expect(container.querySelectorAll("img")).toHaveLength(12);
    // Only the first copy is read: six named pictures, no more.
    expect(screen.getAllByRole("img").map((img) => img.getAttribute("alt"))).toEqual(
      seedSnapshot().partners.map((logo) => logo.alt),
    );
    for (const img of lists[1]!.querySelectorAll("img")) expect(img.getAttribute("alt")).toBe("");
  });

  it("has a visible pause control for the moving track", () => {
    const { container } = renderWithContent(<PartnerCarousel {...PROPS} />);
    const button = screen.getByRole("button", { name: "Pause animation" });
    expect(button.getAttribute("aria-pressed")).toBe("false");
    fireEvent.click(button);
    expect(button.getAttribute("aria-pressed")).toBe("true");
    expect(container.querySelector("[data-paused]")!.getAttribute("data-paused")).toBe("true");
  });
});
