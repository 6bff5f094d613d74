// @vitest-environment jsdom
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { jsonResponse, stubFetch as stubFetchOnce } from "~/lib/test-fetch";
import { FeaturedStrip } from "./FeaturedStrip";
import {
  makeUpdate,
  stubFeatured,
  flush,
  advance,
  region,
  slides,
  visibleSlideLabel,
  withFakeTimersPerTest,
} from "./test-featured-strip";

withFakeTimersPerTest();

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
