// @vitest-environment jsdom
import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { stubReducedMotion } from "~/lib/test-media";
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
