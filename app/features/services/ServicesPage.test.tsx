// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { ServicesDesktop, ServicesMobile } from "./ServicesPage";
import { renderWithContent } from "~/content/test-content";

function renderAt(path: string, screenElement: React.ReactElement) {
  vi.stubGlobal(
    "matchMedia",
    vi.fn(() => ({
      matches: false,
      addEventListener: () => {},
      removeEventListener: () => {},
    })),
  );
  return renderWithContent(
    <Routes>
      <Route path={path} element={screenElement} />
      <Route path="*" element={<p>other page</p>} />
    </Routes>,
    { initialEntries: [path], variant: path.endsWith("-mobile") ? "mobile" : "desktop" },
  );
}

function courseTitles() {
  const section = screen.getByRole("region", { name: "Courses" });
  return within(section)
    .getAllByRole("heading", { level: 3 })
    .map((h) => h.textContent);
}

describe("Services desktop", () => {
  it("lists the six courses in order 8, 1, 3, 6, 2, 11 with their exact titles", () => {
    renderAt("/services-desktop", <ServicesDesktop />);
    expect(courseTitles()).toEqual([
      "Co-Designing for Adults: Strategies for Inclusive Innovation",
      "AI for Everyone: A Community-Centered Introduction to AI",
      "AI for Creatives: Unleashing Your Imagination with AI",
      "Co-Designing with Youth: Creating the Future Together",
      "AI Foundations: Understanding the Basics",
      "Game Design for Adults: Strategies for Inclusive Innovation",
    ]);
    const cards = within(screen.getByRole("region", { name: "Courses" })).getAllByRole("listitem");
    for (const card of cards) {
      expect(within(card).getByRole("link", { name: "Inquire" })).toBeTruthy();
      expect(card.querySelector("p")?.textContent).toBeTruthy();
    }
  });

  it("has one h1, the five expertise sections, a video and Contact Us to /contact-desktop", () => {
    const { container } = renderAt("/services-desktop", <ServicesDesktop />);
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    for (const name of ["Collaborate", "Expertise", "Innovate", "Impact", "Funding"]) {
      expect(screen.getByRole("heading", { level: 2, name })).toBeTruthy();
    }
    const video = container.querySelector("video");
    expect(video).toBeTruthy();
    // Its poster is named only once the island is near the viewport (decision 043).
    expect(video?.getAttribute("poster")).toBeNull();
    expect(video?.getAttribute("preload")).toBe("none");
    const contact = within(screen.getByRole("main")).getByRole("link", { name: "Contact Us" });
    expect(contact.getAttribute("href")).toBe("/contact-desktop");
  });

  it("describes each Inquire button by its course title", () => {
    renderAt("/services-desktop", <ServicesDesktop />);
    const [first] = screen.getAllByRole("link", { name: "Inquire" });
    const describedBy = first?.getAttribute("aria-describedby");
    expect(describedBy && document.getElementById(describedBy)?.textContent).toBe(
      "Co-Designing for Adults: Strategies for Inclusive Innovation",
    );
  });

  it("Inquire is an ordinary link to /contact-mobile?inquire=<course number> (the server prefills the Message and names the course)", () => {
    renderAt("/services-desktop", <ServicesDesktop />);
    expect(
      screen.getAllByRole("link", { name: "Inquire" }).map((link) => link.getAttribute("href")),
    ).toEqual([8, 1, 3, 6, 2, 11].map((id) => `/contact-mobile?inquire=${id}`));
  });
});

describe("Services mobile", () => {
  it("lists the four mobile courses, each with Inquire", () => {
    renderAt("/services-mobile", <ServicesMobile />);
    expect(courseTitles()).toEqual([
      "Co-Designing for Adults",
      "AI for Creatives",
      "AI Foundations",
      "Games-Based Learning",
    ]);
    // Four course buttons plus the final one.
    expect(screen.getAllByRole("link", { name: "Inquire" })).toHaveLength(5);
  });

  it("shows the expertise sections with two 50% funding figures, and an Open menu link", () => {
    renderAt("/services-mobile", <ServicesMobile />);
    for (const name of ["Collaborate", "Expertise", "Innovate", "Impact", "Funding"]) {
      expect(screen.getByRole("heading", { level: 2, name })).toBeTruthy();
    }
    const funding = screen.getByRole("region", { name: "Funding" });
    expect(within(funding).getAllByText("50%")).toHaveLength(2);
    expect(screen.getByRole("link", { name: "Open menu" })).toBeTruthy();
    expect(screen.getByRole("contentinfo")).toBeTruthy();
  });

  it("every Inquire is an ordinary link to /contact-mobile?inquire, a course's with its number", () => {
    renderAt("/services-mobile", <ServicesMobile />);
    expect(
      screen.getAllByRole("link", { name: "Inquire" }).map((link) => link.getAttribute("href")),
    ).toEqual([
      ...[12, 13, 14, 15].map((id) => `/contact-mobile?inquire=${id}`),
      // The final call to action is about no course in particular.
      "/contact-mobile?inquire",
    ]);
  });
});
