// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import type { ComponentType } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { seedSnapshot } from "#common/content/snapshot";
import { SMS_CONSENT_TEXT } from "#common/sms";
import { renderWithContent } from "~/content/test-content";
import PrivacyScreen from "~/routes/privacy";
import TermsScreen from "~/routes/terms";
import { LegalPage } from "./LegalPage";

beforeEach(() => {
  vi.stubGlobal(
    "matchMedia",
    vi.fn(() => ({ matches: false, addEventListener: () => {}, removeEventListener: () => {} })),
  );
});

const { privacy: privacySeed, terms: termsSeed } = seedSnapshot();

const text = (page: typeof privacySeed) =>
  [page.intro, ...page.sections.flatMap((section) => section.paragraphs)].join(" ");

describe("the privacy policy and the terms of service", () => {
  it("shows the heading, when it changed, every section under an h2 and how to ask", () => {
    renderWithContent(<LegalPage page={privacySeed} />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Privacy Policy");
    expect(screen.getByText("Last changed 28 November 2026")).toBeTruthy();
    expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual(
      privacySeed.sections.map((section) => section.heading),
    );
    const email = screen.getByRole("link", { name: "hello@example.org" });
    expect(email.getAttribute("href")).toBe("mailto:hello@example.org");
    expect(email.closest("p")!.textContent).toBe(
      "Questions about your information? Write to us at hello@example.org.",
    );
  });

  it.each([
    ["/privacy", PrivacyScreen],
    ["/terms", TermsScreen],
  ] as [string, ComponentType][])("%s keeps the site's header and footer", (path, Screen) => {
    renderWithContent(null, { routes: [{ path, Component: Screen }], initialEntries: [path] });
    expect(screen.getByRole("navigation", { name: "Main" })).toBeTruthy();
    const footer = screen.getByRole("contentinfo");
    expect(within(footer).getByRole("link", { name: "Privacy Policy" })).toBeTruthy();
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
  });

  it("says honestly what the site does with visitors' information", () => {
    const privacy = text(privacySeed);
    for (const fact of [
      "Visitors get no cookies",
      "without identifying anyone",
      "a random value that changes every day",
      "Your internet address and your browser's description are never stored",
      "kept for 25 months, then deleted",
      "We keep messages until we delete them",
      "We never share, sell or rent your phone number",
    ]) {
      expect(privacy).toContain(fact);
    }
  });

  it("gives the SMS program's terms as carriers require them", () => {
    const terms = text(termsSeed);
    for (const fact of [
      "Program name: Commons Learning Design text updates",
      "Message frequency varies",
      "Message and data rates may apply",
      "Reply HELP for help",
      "Reply STOP to unsubscribe at any time",
      "never share or sell it",
    ]) {
      expect(terms).toContain(fact);
    }
    // The program is the one the opt-in's consent text names.
    expect(SMS_CONSENT_TEXT).toContain("Commons Learning Design");
  });
});
