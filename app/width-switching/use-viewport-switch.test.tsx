// @vitest-environment jsdom
import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { useViewportSwitch } from "./use-viewport-switch";

type Listener = (event: { matches: boolean }) => void;

/** A stubbed matchMedia whose width can be changed, firing "change" like a browser. */
function stubWidth(initial: number) {
  let width = initial;
  const listeners = new Set<Listener>();
  vi.stubGlobal("matchMedia", (query: string) => ({
    media: query,
    get matches() {
      return query.includes("max-width") ? width < 600 : false;
    },
    addEventListener: (_: string, fn: Listener) => listeners.add(fn),
    removeEventListener: (_: string, fn: Listener) => listeners.delete(fn),
  }));
  return (next: number) => {
    const crossed = next < 600 !== width < 600;
    width = next;
    if (crossed) for (const fn of [...listeners]) fn({ matches: width < 600 });
  };
}

function Probe() {
  useViewportSwitch();
  const location = useLocation();
  const state = location.state as { message?: string } | null;
  return (
    <p data-testid="where">
      {location.pathname}
      {location.search}|{state?.message ?? ""}
    </p>
  );
}

function renderAt(entry: string | { pathname: string; search?: string; state?: unknown }) {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="*" element={<Probe />} />
      </Routes>
    </MemoryRouter>,
  );
}

const where = () => screen.getByTestId("where").textContent;

describe("useViewportSwitch", () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(() => vi.unstubAllGlobals());

  it("switches a desktop page to mobile on a narrow screen, keeping query and state", async () => {
    stubWidth(390);
    renderAt({ pathname: "/contact-desktop", search: "?a=1", state: { message: "Hi" } });
    expect(await screen.findByText("/contact-mobile?a=1|Hi")).toBeTruthy();
  });

  it("leaves a page that matches the width alone", () => {
    stubWidth(1280);
    renderAt("/about-desktop");
    expect(where()).toBe("/about-desktop|");
  });

  it("switches when the window is resized across 600 px, both ways", async () => {
    const resize = stubWidth(1280);
    renderAt({ pathname: "/services-desktop", state: { message: "kept" } });
    expect(where()).toBe("/services-desktop|kept");
    act(() => resize(599));
    expect(await screen.findByText("/services-mobile|kept")).toBeTruthy();
    act(() => resize(600));
    expect(await screen.findByText("/services-desktop|kept")).toBeTruthy();
    act(() => resize(1000));
    expect(where()).toBe("/services-desktop|kept");
  });

  it("does not switch the exempt pages", () => {
    const resize = stubWidth(1280);
    renderAt("/menu-mobile");
    expect(where()).toBe("/menu-mobile|");
    act(() => resize(390));
    renderAt("/sms-opt-in");
    expect(screen.getAllByTestId("where").map((e) => e.textContent)).toEqual([
      "/menu-mobile|",
      "/sms-opt-in|",
    ]);
  });

  it("does not switch admin pages", () => {
    stubWidth(390);
    renderAt("/admin/updates-desktop");
    expect(where()).toBe("/admin/updates-desktop|");
  });
});
