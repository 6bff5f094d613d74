// @vitest-environment jsdom
import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type GallerySlide, currentsOfCareSeed } from "#common/content/snapshot";
import { stubReducedMotion } from "~/lib/test-media";
import { GALLERY_INTERVAL_MS, Gallery } from "./Gallery";
import { renderWithContent } from "~/content/test-content";

// The seeded event, typed with every block it has (a new event may have fewer).
const currentsOfCare = currentsOfCareSeed;

const gallery = currentsOfCare.gallery;
const [first, second] = gallery.slides as [GallerySlide, GallerySlide];

function slides() {
  return screen.getAllByRole("group", { hidden: true });
}

/** The number (1-based) of the slide that is shown, checked against every slide's state. */
function shownSlide(): number {
  const all = slides();
  const visible = all.filter((slide) => slide.getAttribute("aria-hidden") !== "true");
  expect(visible).toHaveLength(1);
  for (const slide of all) {
    expect(slide.hasAttribute("inert")).toBe(slide !== visible[0]);
  }
  return all.indexOf(visible[0]!) + 1;
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  stubReducedMotion(false);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("Gallery", () => {
  it("is a labelled carousel region of slides named 'N of M', each with picture and caption", () => {
    renderWithContent(<Gallery gallery={gallery} />);
    const region = screen.getByRole("region", { name: gallery.label });
    expect(region?.getAttribute("aria-roledescription")).toBe("carousel");
    const all = slides();
    expect(all).toHaveLength(2);
    expect(all[0]?.getAttribute("aria-roledescription")).toBe("slide");
    expect(all[0]?.getAttribute("aria-label")).toBe("1 of 2");
    expect(all[1]?.getAttribute("aria-label")).toBe("2 of 2");
    const firstImage = screen.getByRole("img", { name: first.alt });
    expect(firstImage?.getAttribute("src")).toBe(first.src);
    expect(firstImage?.getAttribute("width")).toBe(String(first.width));
    expect(firstImage?.getAttribute("height")).toBe(String(first.height));
    expect(screen.getByText(first.caption)).toBeTruthy();
    const secondImage = screen.getByRole("img", { name: second.alt, hidden: true });
    expect(secondImage?.getAttribute("src")).toBe(second.src);
    expect(screen.getByText(second.caption)).toBeTruthy();
    expect(shownSlide()).toBe(1);
  });

  it("has the named controls", () => {
    renderWithContent(<Gallery gallery={gallery} />);
    expect(screen.getByRole("button", { name: "Previous slide" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Next slide" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Go to slide 1" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Go to slide 2" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Pause rotation" })).toBeTruthy();
  });

  it("advances every 5000 ms and wraps from the last slide to the first", () => {
    renderWithContent(<Gallery gallery={gallery} />);
    advance(GALLERY_INTERVAL_MS - 1);
    expect(shownSlide()).toBe(1);
    advance(1);
    expect(shownSlide()).toBe(2);
    advance(GALLERY_INTERVAL_MS);
    expect(shownSlide()).toBe(1);
    expect(GALLERY_INTERVAL_MS).toBe(5000);
  });

  it("moves with previous and next, wrapping at both ends", () => {
    renderWithContent(<Gallery gallery={gallery} />);
    fireEvent.click(screen.getByRole("button", { name: "Previous slide" }));
    expect(shownSlide()).toBe(2);
    fireEvent.click(screen.getByRole("button", { name: "Next slide" }));
    expect(shownSlide()).toBe(1);
    fireEvent.click(screen.getByRole("button", { name: "Next slide" }));
    expect(shownSlide()).toBe(2);
    fireEvent.click(screen.getByRole("button", { name: "Next slide" }));
    expect(shownSlide()).toBe(1);
  });

  it("jumps to a slide with its dot, which is marked current", () => {
    renderWithContent(<Gallery gallery={gallery} />);
    const dot2 = screen.getByRole("button", { name: "Go to slide 2" });
    fireEvent.click(dot2);
    expect(shownSlide()).toBe(2);
    expect(dot2?.getAttribute("aria-current")).toBe("true");
    expect(screen.getByRole("button", { name: "Go to slide 1" }).hasAttribute("aria-current")).toBe(
      false,
    );
  });

  it("pauses and resumes rotation with the rotation button", () => {
    renderWithContent(<Gallery gallery={gallery} />);
    fireEvent.click(screen.getByRole("button", { name: "Pause rotation" }));
    advance(GALLERY_INTERVAL_MS * 3);
    expect(shownSlide()).toBe(1);
    fireEvent.click(screen.getByRole("button", { name: "Resume rotation" }));
    expect(screen.getByRole("button", { name: "Pause rotation" })).toBeTruthy();
    advance(GALLERY_INTERVAL_MS);
    expect(shownSlide()).toBe(2);
  });

  it("does not rotate while hovered", () => {
    renderWithContent(<Gallery gallery={gallery} />);
    const region = screen.getByRole("region", { name: gallery.label });
    fireEvent.mouseEnter(region);
    advance(GALLERY_INTERVAL_MS * 2);
    expect(shownSlide()).toBe(1);
    fireEvent.mouseLeave(region);
    advance(GALLERY_INTERVAL_MS);
    expect(shownSlide()).toBe(2);
  });

  it("does not rotate while focus is inside, and resumes when it leaves", () => {
    renderWithContent(
      <>
        <Gallery gallery={gallery} />
        <button type="button">Outside</button>
      </>,
    );
    const next = screen.getByRole("button", { name: "Next slide" });
    act(() => next.focus());
    advance(GALLERY_INTERVAL_MS * 2);
    expect(shownSlide()).toBe(1);
    act(() => screen.getByRole("button", { name: "Outside" }).focus());
    advance(GALLERY_INTERVAL_MS);
    expect(shownSlide()).toBe(2);
  });

  it("announces slide changes only while not rotating", () => {
    const { container } = renderWithContent(<Gallery gallery={gallery} />);
    const live = container.querySelector("[aria-live]");
    expect(live?.getAttribute("aria-live")).toBe("off");
    fireEvent.click(screen.getByRole("button", { name: "Pause rotation" }));
    expect(live?.getAttribute("aria-live")).toBe("polite");
  });

  it("never rotates when the user prefers reduced motion, and offers no rotation button", () => {
    stubReducedMotion(true);
    renderWithContent(<Gallery gallery={gallery} />);
    advance(GALLERY_INTERVAL_MS * 3);
    expect(shownSlide()).toBe(1);
    expect(screen.queryByRole("button", { name: /rotation/ })).toBeNull();
    // The manual controls still work.
    fireEvent.click(screen.getByRole("button", { name: "Next slide" }));
    expect(shownSlide()).toBe(2);
  });

  it("stops rotating when reduced motion is turned on while the page is open", () => {
    const media = stubReducedMotion(false);
    renderWithContent(<Gallery gallery={gallery} />);
    media.set(true);
    advance(GALLERY_INTERVAL_MS * 2);
    expect(shownSlide()).toBe(1);
  });

  it("shows one picture without arrows, dots or a pause button (issue 29)", () => {
    renderWithContent(<Gallery gallery={{ ...gallery, slides: [first] }} />);
    expect(screen.getByRole("img", { name: first.alt })).toBeTruthy();
    expect(screen.queryAllByRole("button")).toEqual([]);
    expect(screen.getByRole("region").getAttribute("aria-roledescription")).toBeNull();
    advance(GALLERY_INTERVAL_MS * 2);
    expect(shownSlide()).toBe(1);
  });
});
