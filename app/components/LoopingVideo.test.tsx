// @vitest-environment jsdom
import { act, fireEvent, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LoopingVideo } from "./LoopingVideo";
import { ResponsiveImage } from "./ResponsiveImage";
import { renderWithContent } from "~/content/test-content";

const video = {
  src: "/v.mp4",
  sources: [
    { src: "/v.webm", type: "video/webm" as const },
    { src: "/v.mp4", type: "video/mp4" as const },
  ],
  poster: "/p.webp",
  width: 640,
  height: 360,
  label: "Waves",
};

const LABELS = { pauseVideo: "Pause video", playVideo: "Play video" };

function stubReducedMotion(reduce: boolean) {
  vi.stubGlobal("matchMedia", (query: string) => ({
    media: query,
    matches: query.includes("reduce") ? reduce : false,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

describe("LoopingVideo", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("is muted, looping, inline and autoplaying, with a poster and a pause button", () => {
    stubReducedMotion(false);
    const { container } = renderWithContent(<LoopingVideo labels={LABELS} video={video} />);
    const element = container.querySelector("video")!;
    expect(element.muted).toBe(true);
    expect(element.loop).toBe(true);
    expect(element.autoplay).toBe(true);
    expect(element.hasAttribute("playsinline")).toBe(true);
    expect(element.getAttribute("poster")).toBe("/p.webp");
    expect(element.getAttribute("aria-label")).toBe("Waves");
    expect(container.querySelectorAll("source")).toHaveLength(2);
    // jsdom does not play media: the video reports paused, so the button offers Play.
    expect(screen.getByRole("button", { name: "Play video" })).toBeTruthy();
    fireEvent.play(element);
    expect(screen.getByRole("button", { name: "Pause video" })).toBeTruthy();
  });

  it("does not autoplay when the user prefers reduced motion", () => {
    stubReducedMotion(true);
    const pause = vi.spyOn(HTMLMediaElement.prototype, "pause").mockImplementation(() => {});
    const { container } = renderWithContent(<LoopingVideo labels={LABELS} video={video} />);
    const element = container.querySelector("video")!;
    expect(element.autoplay).toBe(false);
    expect(pause).toHaveBeenCalled();
    pause.mockRestore();
  });

  it("names its poster and files only once near the viewport, and at once with native controls", () => {
    stubReducedMotion(false);
    // The server's HTML: nothing to fetch before the page's largest paint.
    const served = renderToString(<LoopingVideo labels={LABELS} video={video} />);
    expect(served).not.toContain("/p.webp");
    expect(served).not.toContain("<source");
    expect(served).toContain('width="640"');
    const withControls = renderToString(<LoopingVideo labels={LABELS} video={video} controls />);
    expect(withControls).toContain('poster="/p.webp"');
    expect(withControls).toContain('src="/v.webm"');

    const observers: {
      callback: IntersectionObserverCallback;
      options?: IntersectionObserverInit;
    }[] = [];
    vi.stubGlobal(
      "IntersectionObserver",
      class {
        constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
          observers.push({ callback, options });
        }
        observe() {}
        disconnect() {}
      },
    );
    const { container } = renderWithContent(<LoopingVideo labels={LABELS} video={video} />);
    const element = container.querySelector("video")!;
    expect(element.getAttribute("poster")).toBeNull();
    expect(container.querySelectorAll("source")).toHaveLength(0);
    expect(observers).toHaveLength(1);
    expect(observers[0]!.options?.rootMargin).toBe("200px");
    const entry = (isIntersecting: boolean) =>
      [{ isIntersecting }] as unknown as IntersectionObserverEntry[];
    act(() => observers[0]!.callback(entry(false), {} as IntersectionObserver));
    expect(container.querySelectorAll("source")).toHaveLength(0);
    // Near the viewport without a scroll: only once it has stayed there five seconds.
    vi.useFakeTimers();
    try {
      act(() => observers[0]!.callback(entry(true), {} as IntersectionObserver));
      act(() => vi.advanceTimersByTime(4900));
      act(() => observers[0]!.callback(entry(false), {} as IntersectionObserver));
      act(() => vi.advanceTimersByTime(10_000));
      expect(container.querySelectorAll("source")).toHaveLength(0);
      act(() => observers[0]!.callback(entry(true), {} as IntersectionObserver));
      act(() => vi.advanceTimersByTime(4999));
      expect(container.querySelectorAll("source")).toHaveLength(0);
      act(() => vi.advanceTimersByTime(1));
    } finally {
      vi.useRealTimers();
    }
    expect(element.getAttribute("poster")).toBe("/p.webp");
    expect([...container.querySelectorAll("source")].map((s) => s.getAttribute("src"))).toEqual([
      "/v.webm",
      "/v.mp4",
    ]);
  });

  it("loads at once when it comes near the viewport after the visitor scrolled", () => {
    stubReducedMotion(false);
    const callbacks: IntersectionObserverCallback[] = [];
    vi.stubGlobal(
      "IntersectionObserver",
      class {
        constructor(callback: IntersectionObserverCallback) {
          callbacks.push(callback);
        }
        observe() {}
        disconnect() {}
      },
    );
    const { container } = renderWithContent(<LoopingVideo labels={LABELS} video={video} />);
    const near = [{ isIntersecting: true }] as unknown as IntersectionObserverEntry[];
    act(() => window.dispatchEvent(new Event("scroll")));
    expect(container.querySelectorAll("source")).toHaveLength(0);
    act(() => callbacks[0]!(near, {} as IntersectionObserver));
    expect(container.querySelectorAll("source")).toHaveLength(2);
  });

  it("uses native controls instead of the button when asked", () => {
    stubReducedMotion(false);
    const { container } = renderWithContent(
      <LoopingVideo labels={LABELS} video={video} controls />,
    );
    expect(container.querySelector("video")!.controls).toBe(true);
    expect(screen.queryByRole("button")).toBeNull();
  });
});

describe("ResponsiveImage", () => {
  const image = { src: "/a.webp", avifSrc: "/a.avif", alt: "A", width: 10, height: 5 };
  it("offers AVIF then WebP, with size, lazy by default", () => {
    const { container } = renderWithContent(<ResponsiveImage image={image} />);
    const sources = [...container.querySelectorAll("source")].map((s) => s.getAttribute("type"));
    expect(sources).toEqual(["image/avif", "image/webp"]);
    const img = screen.getByRole("img", { name: "A" });
    expect(img.getAttribute("width")).toBe("10");
    expect(img.getAttribute("height")).toBe("5");
    expect(img.getAttribute("loading")).toBe("lazy");
    expect(img.getAttribute("decoding")).toBe("async");
  });
  it("loads the priority picture at once with high priority", () => {
    const { container } = renderWithContent(<ResponsiveImage image={image} priority alt="" />);
    const img = container.querySelector("img")!;
    expect(img.getAttribute("loading")).toBe("eager");
    expect(img.getAttribute("fetchpriority")).toBe("high");
    expect(img.getAttribute("alt")).toBe("");
    expect(img.getAttribute("srcset")).toBeNull();
  });
  it("gives every candidate its width when sizes is set", () => {
    const { container } = renderWithContent(<ResponsiveImage image={image} sizes="100vw" />);
    const srcsets = [...container.querySelectorAll("source, img")].map((e) =>
      e.getAttribute("srcset"),
    );
    expect(srcsets).toEqual(["/a.avif 10w", "/a.webp 10w", "/a.webp 10w"]);
  });
});
