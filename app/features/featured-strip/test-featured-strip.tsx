// Shared by the FeaturedStrip component tests: updates to show, a stubbed fetch, fake timers.
import { act, screen } from "@testing-library/react";
import { afterEach, beforeEach, expect, vi } from "vitest";
import type { SiteUpdate } from "#common/updates";
import { jsonResponse } from "~/lib/test-fetch";

export function makeUpdate(n: number, overrides: Partial<SiteUpdate> = {}): SiteUpdate {
  return {
    id: `00000000-0000-4000-8000-00000000000${n}`,
    type: "news",
    title: `Update ${n}`,
    summary: `Summary ${n}`,
    url: null,
    image_url: null,
    status: "published",
    featured: true,
    published_at: `2025-10-0${n}T12:00:00.000Z`,
    created_at: `2025-10-0${n}T12:00:00.000Z`,
    updated_at: `2025-10-0${n}T12:00:00.000Z`,
    ...overrides,
  };
}

export function stubFeatured(updates: SiteUpdate[]) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
    jsonResponse(200, updates),
  );
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

/** Lets pending promises (the mocked fetch and its JSON body) settle, with fake timers on. */
export async function flush() {
  await act(async () => {
    for (let i = 0; i < 10; i += 1) await new Promise<void>((resolve) => setImmediate(resolve));
  });
}

export function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

export function region() {
  return screen.getByRole("region", { name: "Featured Updates" });
}

export function slides(container: HTMLElement) {
  return Array.from(container.querySelectorAll<HTMLElement>('[aria-roledescription="slide"]'));
}

/** The label ('N of M') of the one slide that assistive tech can see. */
export function visibleSlideLabel(container: HTMLElement) {
  const visible = slides(container).filter((slide) => !slide.hasAttribute("aria-hidden"));
  expect(visible).toHaveLength(1);
  return visible[0]!.getAttribute("aria-label");
}

/** Fake timers for every test of the file that calls this (the strip rotates on a timer). */
export function withFakeTimersPerTest() {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}
