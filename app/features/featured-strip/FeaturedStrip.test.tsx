// @vitest-environment jsdom
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SiteUpdate } from "#common/updates";
import { jsonResponse, stubFetch as stubFetchOnce } from "~/lib/test-fetch";
import { stubReducedMotion } from "~/lib/test-media";
import { FeaturedStrip } from "./FeaturedStrip";

function makeUpdate(n: number, overrides: Partial<SiteUpdate> = {}): SiteUpdate {
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

function stubFeatured(updates: SiteUpdate[]) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
    jsonResponse(200, updates),
  );
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

/** Lets pending promises (the mocked fetch and its JSON body) settle, with fake timers on. */
async function flush() {
  await act(async () => {
    for (let i = 0; i < 10; i += 1) await new Promise<void>((resolve) => setImmediate(resolve));
  });
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

function region() {
  return screen.getByRole("region", { name: "Featured Updates" });
}

function slides(container: HTMLElement) {
  return Array.from(container.querySelectorAll<HTMLElement>('[aria-roledescription="slide"]'));
}

/** The label ('N of M') of the one slide that assistive tech can see. */
function visibleSlideLabel(container: HTMLElement) {
  const visible = slides(container).filter((slide) => !slide.hasAttribute("aria-hidden"));
  expect(visible).toHaveLength(1);
  return visible[0]!.getAttribute("aria-label");
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("FeaturedStrip loading, empty and failure", () => {
  it("requests the featured list (limit 5) and shows a busy skeleton while loading", async () => {
    let resolve: (response: Response) => void = () => {};
    const fetchMock = stubFetchOnce(new Promise<Response>((r) => (resolve = r)));
    render(<FeaturedStrip />);

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/updates/featured?limit=5");
    expect(init?.method ?? "GET").toBe("GET");
    expect(init?.credentials).toBe("same-origin");

    expect(region()?.getAttribute("aria-busy")).toBe("true");
    expect(screen.getByRole("heading", { level: 2, name: "Featured Updates" })).toBeTruthy();
    expect(screen.queryByText("No featured updates yet.")).toBeNull();

    resolve(jsonResponse(200, [makeUpdate(1)]));
    await flush();
    expect(region()?.hasAttribute("aria-busy")).toBe(false);
    expect(screen.getByText("Update 1")).toBeTruthy();
  });

  it("asks for another limit when given one", async () => {
    const fetchMock = stubFeatured([]);
    render(<FeaturedStrip limit={3} />);
    await flush();
    expect(fetchMock.mock.calls[0]![0]).toBe("/api/updates/featured?limit=3");
  });

  it("shows 'No featured updates yet.' for an empty list, without dots or rotation control", async () => {
    stubFeatured([]);
    render(<FeaturedStrip />);
    await flush();
    expect(screen.getByText("No featured updates yet.")).toBeTruthy();
    expect(region()?.hasAttribute("aria-busy")).toBe(false);
    expect(screen.queryAllByRole("button")).toHaveLength(0);
  });

  it("logs a failed fetch and shows the empty text", async () => {
    stubFetchOnce(jsonResponse(500, { error: { code: "internal", message: "Boom" } }));
    render(<FeaturedStrip />);
    await flush();
    expect(screen.getByText("No featured updates yet.")).toBeTruthy();
    expect(console.error).toHaveBeenCalled();
  });

  it("logs a network failure and shows the empty text", async () => {
    stubFetchOnce(new TypeError("Failed to fetch"));
    render(<FeaturedStrip />);
    await flush();
    expect(screen.getByText("No featured updates yet.")).toBeTruthy();
    expect(console.error).toHaveBeenCalledTimes(1);
  });

  it("fetches again when refreshKey changes", async () => {
    const fetchMock = stubFeatured([makeUpdate(1)]);
    const { rerender } = render(<FeaturedStrip refreshKey={0} />);
    await flush();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    fetchMock.mockImplementation(async () => jsonResponse(200, [makeUpdate(2)]));
    rerender(<FeaturedStrip refreshKey={1} />);
    await flush();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(screen.getByText("Update 2")).toBeTruthy();
    expect(screen.queryByText("Update 1")).toBeNull();
  });
});

describe("FeaturedStrip with the list the server rendered", () => {
  it("links to every update, with or without featured ones", () => {
    for (const updates of [[makeUpdate(1)], []]) {
      const { unmount } = render(<FeaturedStrip initialUpdates={updates} />);
      expect(screen.getByRole("link", { name: "See all updates" }).getAttribute("href")).toBe(
        "/updates",
      );
      unmount();
    }
  });

  it("shows the updates at once, without a skeleton or a request", async () => {
    const fetchMock = stubFeatured([]);
    const { container } = render(<FeaturedStrip initialUpdates={[makeUpdate(1), makeUpdate(2)]} />);
    expect(region().hasAttribute("aria-busy")).toBe(false);
    expect(screen.getByText("Update 1")).toBeTruthy();
    expect(slides(container)).toHaveLength(2);
    await flush();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the empty text at once for an empty list, and fetches when refreshKey changes", async () => {
    const fetchMock = stubFeatured([makeUpdate(3)]);
    const { rerender } = render(<FeaturedStrip initialUpdates={[]} refreshKey={1} />);
    expect(screen.getByText("No featured updates yet.")).toBeTruthy();
    await flush();
    expect(fetchMock).not.toHaveBeenCalled();
    rerender(<FeaturedStrip initialUpdates={[]} refreshKey={2} />);
    await flush();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.getByText("Update 3")).toBeTruthy();
  });
});

describe("FeaturedStrip with one update", () => {
  it("shows the update without dots, rotation control or advancing", async () => {
    stubFeatured([makeUpdate(1, { summary: "Only one" })]);
    const { container } = render(<FeaturedStrip />);
    await flush();

    expect(screen.getByRole("heading", { level: 3, name: "Update 1" })).toBeTruthy();
    expect(screen.getByText("Only one")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Show update/ })).toBeNull();
    expect(screen.queryByRole("button", { name: /rotation/ })).toBeNull();
    expect(region()?.getAttribute("aria-roledescription")).toBe("carousel");
    expect(
      screen.getByRole("group", { name: "1 of 1" })?.getAttribute("aria-roledescription"),
    ).toBe("slide");

    advance(6000 * 3);
    expect(visibleSlideLabel(container)).toBe("1 of 1");
    expect(screen.getByText("Only one")).toBeTruthy();
  });

  it("shows the type badge, the title, the summary and a human date", async () => {
    stubFeatured([makeUpdate(1, { published_at: "2025-10-11T19:00:00.000Z" })]);
    render(<FeaturedStrip />);
    await flush();
    const slide = screen.getByRole("group", { name: "1 of 1" });
    expect(within(slide).getByText("News")).toBeTruthy();
    const time = slide.querySelector("time");
    expect(time?.getAttribute("datetime")).toBe("2025-10-11T19:00:00.000Z");
    expect(time?.textContent).toMatch(/^October 1[12], 2025$/);
  });

  it.each([
    ["news", "News"],
    ["current_project", "Current"],
    ["completed_project", "Completed"],
    ["media", "Media"],
  ] as const)("labels type %s as %s", async (type, label) => {
    stubFeatured([makeUpdate(1, { type })]);
    render(<FeaturedStrip />);
    await flush();
    expect(within(screen.getByRole("group", { name: "1 of 1" })).getByText(label)).toBeTruthy();
  });

  it("renders text from the database as text, never as HTML", async () => {
    stubFeatured([
      makeUpdate(1, { title: "<img src=x onerror=alert(1)>", summary: "<b>bold</b>" }),
    ]);
    const { container } = render(<FeaturedStrip />);
    await flush();
    expect(screen.getByText("<img src=x onerror=alert(1)>")).toBeTruthy();
    expect(screen.getByText("<b>bold</b>")).toBeTruthy();
    expect(container.querySelector("b")).toBeNull();
    expect(container.querySelector("img")).toBeNull();
  });

  it("shows an image with empty alt, width, height and lazy loading", async () => {
    stubFeatured([makeUpdate(1, { image_url: "https://example.org/picture.jpg" })]);
    const { container } = render(<FeaturedStrip />);
    await flush();
    const image = container.querySelector("img");
    expect(image).not.toBeNull();
    expect(image?.getAttribute("alt")).toBe("");
    expect(image?.getAttribute("src")).toBe("https://example.org/picture.jpg");
    expect(image?.hasAttribute("width")).toBe(true);
    expect(image?.hasAttribute("height")).toBe(true);
    expect(image?.getAttribute("loading")).toBe("lazy");
    // An image with empty alt is decorative: not exposed as an image.
    expect(screen.queryByRole("img")).toBeNull();
  });

  it("shows no image without image_url", async () => {
    stubFeatured([makeUpdate(1)]);
    const { container } = render(<FeaturedStrip />);
    await flush();
    expect(container.querySelector("img")).toBeNull();
  });
});

describe("FeaturedStrip links", () => {
  const url = "https://example.org/story";

  async function renderLinked() {
    const open = vi.fn(() => null);
    vi.stubGlobal("open", open);
    stubFeatured([makeUpdate(1, { url, summary: "Read all about it" })]);
    render(<FeaturedStrip />);
    await flush();
    return { open, link: screen.getByRole("link", { name: /^(?!See all updates)/ }) };
  }

  it("makes a linked item a new-tab link without opener or referrer, with an arrow", async () => {
    const { link } = await renderLinked();
    expect(link.getAttribute("href")).toBe(url);
    expect(link?.getAttribute("target")).toBe("_blank");
    expect(link?.getAttribute("rel")).toBe("noopener noreferrer");
    expect(link.tabIndex).toBe(0);
    expect(link.textContent).toContain("Read all about it →");
    expect(screen.getByRole("link", { name: /Update 1/ })).toBe(link);
  });

  it("opens the link in a new tab on click", async () => {
    const { open, link } = await renderLinked();
    fireEvent.click(link);
    expect(open).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledWith(url, "_blank", "noopener,noreferrer");
  });

  it.each([
    ["Enter", "Enter"],
    ["Space", " "],
  ])("opens the link in a new tab with %s", async (_name, key) => {
    const { open, link } = await renderLinked();
    link.focus();
    expect(document.activeElement).toBe(link);
    const notPrevented = fireEvent.keyDown(link, { key });
    expect(notPrevented).toBe(false);
    expect(open).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledWith(url, "_blank", "noopener,noreferrer");
  });

  it("ignores other keys", async () => {
    const { open, link } = await renderLinked();
    fireEvent.keyDown(link, { key: "a" });
    expect(open).not.toHaveBeenCalled();
  });

  it("makes an unlinked item neither focusable nor clickable, and shows no arrow", async () => {
    const open = vi.fn(() => null);
    vi.stubGlobal("open", open);
    stubFeatured([makeUpdate(1, { url: null, summary: "Nothing to click" })]);
    const { container } = render(<FeaturedStrip />);
    await flush();
    expect(screen.queryByRole("link", { name: /^(?!See all updates)/ })).toBeNull();
    expect(container.querySelectorAll("[tabindex]")).toHaveLength(0);
    const summary = screen.getByText("Nothing to click");
    expect(summary.textContent).toBe("Nothing to click");
    fireEvent.click(summary);
    fireEvent.keyDown(summary, { key: "Enter" });
    expect(open).not.toHaveBeenCalled();
  });

  it("does not link an item whose url is not a web address", async () => {
    stubFeatured([makeUpdate(1, { url: "javascript:alert(1)" })]);
    render(<FeaturedStrip />);
    await flush();
    expect(screen.queryByRole("link", { name: /^(?!See all updates)/ })).toBeNull();
  });
});

describe("FeaturedStrip with several updates", () => {
  const three = [makeUpdate(1), makeUpdate(2, { url: "https://example.org/2" }), makeUpdate(3)];

  it("shows one slide at a time, with dots and hidden, unfocusable other slides", async () => {
    stubFeatured(three);
    const { container } = render(<FeaturedStrip />);
    await flush();

    const dots = screen.getAllByRole("button", { name: /^Show update \d$/ });
    expect(dots.map((dot) => dot.getAttribute("aria-label"))).toEqual([
      "Show update 1",
      "Show update 2",
      "Show update 3",
    ]);
    expect(dots[0]?.getAttribute("aria-current")).toBe("true");
    expect(dots[1]?.hasAttribute("aria-current")).toBe(false);

    const all = slides(container);
    expect(all.map((slide) => slide.getAttribute("aria-label"))).toEqual([
      "1 of 3",
      "2 of 3",
      "3 of 3",
    ]);
    expect(all.every((slide) => slide.getAttribute("role") === "group")).toBe(true);
    expect(visibleSlideLabel(container)).toBe("1 of 3");
    expect(all[1]?.getAttribute("aria-hidden")).toBe("true");
    expect(all[1]?.hasAttribute("inert")).toBe(true);
    expect(all[0]?.hasAttribute("inert")).toBe(false);
    // The link of a hidden slide is out of the tab order and hidden from assistive tech.
    expect(screen.queryByRole("link", { name: /^(?!See all updates)/ })).toBeNull();
    expect(container.querySelector("a")?.getAttribute("tabindex")).toBe("-1");
    expect(region()?.getAttribute("aria-roledescription")).toBe("carousel");
  });

  it("jumps to an update when its dot is clicked", async () => {
    stubFeatured(three);
    const { container } = render(<FeaturedStrip />);
    await flush();

    fireEvent.click(screen.getByRole("button", { name: "Show update 3" }));
    expect(visibleSlideLabel(container)).toBe("3 of 3");
    expect(
      screen.getByRole("button", { name: "Show update 3" })?.getAttribute("aria-current"),
    ).toBe("true");
    expect(
      screen.getByRole("button", { name: "Show update 1" })?.hasAttribute("aria-current"),
    ).toBe(false);
    const track = slides(container)[0]!.parentElement!;
    expect(track.style.transform).toBe("translateX(-200%)");

    fireEvent.click(screen.getByRole("button", { name: "Show update 2" }));
    expect(visibleSlideLabel(container)).toBe("2 of 3");
    expect(screen.getByRole("link", { name: /^(?!See all updates)/ })?.getAttribute("href")).toBe(
      "https://example.org/2",
    );
    expect(screen.getByRole("link", { name: /^(?!See all updates)/ }).tabIndex).toBe(0);
  });

  it("advances every 6000 ms and wraps to the first after the last", async () => {
    stubFeatured(three);
    const { container } = render(<FeaturedStrip />);
    await flush();

    advance(5999);
    expect(visibleSlideLabel(container)).toBe("1 of 3");
    advance(1);
    expect(visibleSlideLabel(container)).toBe("2 of 3");
    advance(6000);
    expect(visibleSlideLabel(container)).toBe("3 of 3");
    advance(6000);
    expect(visibleSlideLabel(container)).toBe("1 of 3");
  });

  it("restarts the 6000 ms wait after a dot jump", async () => {
    stubFeatured(three);
    const { container } = render(<FeaturedStrip />);
    await flush();
    advance(4000);
    fireEvent.click(screen.getByRole("button", { name: "Show update 3" }));
    advance(4000);
    expect(visibleSlideLabel(container)).toBe("3 of 3");
    advance(2000);
    expect(visibleSlideLabel(container)).toBe("1 of 3");
  });

  it("pauses and resumes with the rotation control", async () => {
    stubFeatured(three);
    const { container } = render(<FeaturedStrip />);
    await flush();

    const pause = screen.getByRole("button", { name: "Pause rotation" });
    fireEvent.click(pause);
    expect(screen.getByRole("button", { name: "Resume rotation" })).toBe(pause);
    expect(screen.queryByRole("button", { name: "Pause rotation" })).toBeNull();
    advance(6000 * 3);
    expect(visibleSlideLabel(container)).toBe("1 of 3");

    fireEvent.click(screen.getByRole("button", { name: "Resume rotation" }));
    expect(screen.getByRole("button", { name: "Pause rotation" })).toBeTruthy();
    advance(6000);
    expect(visibleSlideLabel(container)).toBe("2 of 3");
  });

  it("keeps rotating after an explicit resume even though focus is on the control", async () => {
    stubFeatured(three);
    const { container } = render(<FeaturedStrip />);
    await flush();
    const control = screen.getByRole("button", { name: "Pause rotation" });
    control.focus();
    fireEvent.click(control);
    fireEvent.click(control);
    expect(control.textContent).toContain("Pause rotation");
    advance(6000);
    expect(visibleSlideLabel(container)).toBe("2 of 3");
  });

  it("does not rotate while hovered", async () => {
    stubFeatured(three);
    const { container } = render(<FeaturedStrip />);
    await flush();

    fireEvent.mouseEnter(region());
    advance(6000 * 2);
    expect(visibleSlideLabel(container)).toBe("1 of 3");
    fireEvent.mouseLeave(region());
    advance(6000);
    expect(visibleSlideLabel(container)).toBe("2 of 3");
  });

  it("does not rotate while focus is inside", async () => {
    stubFeatured(three);
    const outside = document.createElement("button");
    document.body.append(outside);
    const { container } = render(<FeaturedStrip />);
    await flush();

    act(() => screen.getByRole("button", { name: "Show update 2" }).focus());
    advance(6000 * 2);
    expect(visibleSlideLabel(container)).toBe("1 of 3");
    // Moving focus within the strip keeps it still.
    act(() => screen.getByRole("button", { name: "Show update 3" }).focus());
    advance(6000);
    expect(visibleSlideLabel(container)).toBe("1 of 3");

    act(() => outside.focus());
    advance(6000);
    expect(visibleSlideLabel(container)).toBe("2 of 3");
    outside.remove();
  });

  it("does not rotate when the user prefers reduced motion, and follows changes", async () => {
    const media = stubReducedMotion(true);
    stubFeatured(three);
    const { container } = render(<FeaturedStrip />);
    await flush();
    expect(media.matchMedia).toHaveBeenCalled();

    advance(6000 * 2);
    expect(visibleSlideLabel(container)).toBe("1 of 3");
    expect(screen.queryByRole("button", { name: /rotation/ })).toBeNull();
    // Dots still work.
    fireEvent.click(screen.getByRole("button", { name: "Show update 2" }));
    expect(visibleSlideLabel(container)).toBe("2 of 3");

    media.set(false);
    expect(screen.getByRole("button", { name: "Pause rotation" })).toBeTruthy();
    advance(6000);
    expect(visibleSlideLabel(container)).toBe("3 of 3");

    media.set(true);
    advance(6000 * 2);
    expect(visibleSlideLabel(container)).toBe("3 of 3");
  });

  it("rotates when the user does not prefer reduced motion", async () => {
    stubReducedMotion(false);
    stubFeatured(three);
    const { container } = render(<FeaturedStrip />);
    await flush();
    advance(6000);
    expect(visibleSlideLabel(container)).toBe("2 of 3");
  });

  it("announces slide changes politely only while not rotating", async () => {
    stubFeatured(three);
    const { container } = render(<FeaturedStrip />);
    await flush();
    const live = slides(container)[0]!.parentElement!.parentElement!;
    expect(live?.getAttribute("aria-live")).toBe("off");
    fireEvent.click(screen.getByRole("button", { name: "Pause rotation" }));
    expect(live?.getAttribute("aria-live")).toBe("polite");
  });
});
