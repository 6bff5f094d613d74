// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ExternalLink, extraWords } from "./ExternalLink";
import { renderWithContent } from "~/content/test-content";

describe("ExternalLink", () => {
  it("opens in a new tab without opener or referrer and says so to screen readers", () => {
    renderWithContent(<ExternalLink href="https://example.org/x">Read it</ExternalLink>);
    const link = screen.getByRole("link", { name: "Read it (opens in a new tab)" });
    expect(link.getAttribute("href")).toBe("https://example.org/x");
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toBe("noopener noreferrer");
  });

  it("keeps the visible text at the start of a longer accessible name", () => {
    renderWithContent(
      <ExternalLink href="https://example.org/y" accessibleLabel="Learn more about the VR project">
        Learn More
      </ExternalLink>,
    );
    expect(
      screen.getByRole("link", {
        name: "Learn More about the VR project (opens in a new tab)",
      }),
    ).toBeTruthy();
  });

  it("extraWords appends a label that does not start with the visible text", () => {
    expect(extraWords("Connect", "Talk to us")).toBe("(Talk to us)");
    expect(extraWords("Learn More", "Learn more about X")).toBe("about X");
    expect(extraWords("Learn More", undefined)).toBe("");
  });
});
