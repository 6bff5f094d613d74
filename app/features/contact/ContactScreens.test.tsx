// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from "@testing-library/react";
import type { ComponentType } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { contactPrefillState } from "~/lib/contact-prefill";
import ContactDesktop from "~/routes/contact-desktop";
import ContactMobile from "~/routes/contact-mobile";
import { ServicesMobile } from "~/features/services";
import { Route, Routes } from "react-router";
import { renderWithContent } from "~/content/test-content";
import { seedSnapshot } from "../../../common/content/snapshot";

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
  function renderWith(state?: unknown) {
    return renderWithContent(null, {
      routes: [{ path, Component: Screen }],
      initialEntries: [{ pathname: path, state }],
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

  it("prefills Message from route state", () => {
    renderWith(contactPrefillState(seedSnapshot().services.inquireMessage));
    expect(messageField().value).toBe(
      "We will be happy to help you! Please tell us what class you are interested in.",
    );
  });

  it("ignores a route state without a message", () => {
    renderWith({ something: "else" });
    expect(messageField().value).toBe("");
  });
});

describe("Inquire to contact, end to end in the router", () => {
  it("services-mobile Inquire opens contact-mobile with Message prefilled", async () => {
    renderWithContent(
      <Routes>
        <Route path="/services-mobile" element={<ServicesMobile />} />
        <Route path="/contact-mobile" element={<ContactMobile />} />
      </Routes>,
      { initialEntries: ["/services-mobile"] },
    );
    fireEvent.click(screen.getAllByRole("link", { name: "Inquire" })[1]!);
    // `?inquire` re-runs the loaders (a search change), so the navigation ends a moment later.
    expect((await screen.findByRole("heading", { level: 1, name: "Contact us" })).textContent).toBe(
      "Contact us",
    );
    await waitFor(() => expect(messageField().value).toBe(seedSnapshot().services.inquireMessage));
  });
});
