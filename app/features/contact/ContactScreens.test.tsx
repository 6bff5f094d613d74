// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import type { ComponentType } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import ContactDesktop from "~/routes/contact-desktop";
import ContactMobile from "~/routes/contact-mobile";
import { renderWithContent } from "~/content/test-content";
import { seedSnapshot, type ContentSnapshot } from "#common/content/snapshot";

beforeEach(() => {
  vi.stubGlobal(
    "matchMedia",
    vi.fn(() => ({ matches: false, addEventListener: () => {}, removeEventListener: () => {} })),
  );
});

const screens: [string, ComponentType][] = [
  ["/contact-desktop", ContactDesktop],
  ["/contact-mobile", ContactMobile],
];

function messageField() {
  return screen.getByRole("textbox", { name: "Message" }) as HTMLTextAreaElement;
}

describe.each(screens)("%s", (path, Screen) => {
  function renderWith(snapshot?: ContentSnapshot) {
    return renderWithContent(null, {
      routes: [{ path, Component: Screen }],
      initialEntries: [path],
      ...(snapshot ? { snapshot } : {}),
    });
  }

  it("has the 'Contact us' h1, the form and the footer labels including the cookie label", () => {
    renderWith();
    const h1s = screen.getAllByRole("heading", { level: 1 });
    expect(h1s.map((h) => h.textContent)).toEqual(["Contact us"]);
    expect(screen.getByRole("main").id).toBe("main");
    for (const name of ["First name", "Last name", "Email", "Message"]) {
      expect(screen.getByRole("textbox", { name })).toBeTruthy();
    }
    expect(screen.getByRole("button", { name: "Submit" })).toBeTruthy();
    const footer = screen.getByRole("contentinfo");
    for (const label of ["Privacy Policy", "Terms of Service", "Cookie Settings"]) {
      expect(footer.textContent).toContain(label);
    }
    expect(messageField().value).toBe("");
  });

  it("says how soon the organisation replies and how else to reach it, from its facts", () => {
    const seed = seedSnapshot();
    renderWith({
      ...seed,
      organisation: {
        ...seed.organisation,
        replyTime: "one working day",
        postalAddress: "1 Example Way\nSpringfield",
      },
    });
    const main = screen.getByRole("main");
    expect(main.textContent).toContain("We reply within one working day.");
    expect(
      screen.getAllByRole("link", { name: "hello@example.org" })[0]!.getAttribute("href"),
    ).toBe("mailto:hello@example.org");
    expect(main.querySelector("address")?.textContent).toContain("1 Example Way\nSpringfield");
  });
});
