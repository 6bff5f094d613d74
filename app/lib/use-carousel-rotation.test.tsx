// @vitest-environment jsdom
import { act, fireEvent, render, renderHook, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { stubReducedMotion } from "./test-media";
import { useCarouselRotation, type CarouselRotationOptions } from "./use-carousel-rotation";

const INTERVAL = 1000;

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

function renderRotation(count: number) {
  return renderHook((options: CarouselRotationOptions) => useCarouselRotation(options), {
    initialProps: { count, intervalMs: INTERVAL },
  });
}

/** A region using the hook, with a control inside, to drive hover and focus like a user. */
function Carousel({ count }: { count: number }) {
  const { active, rotating, userPaused, toggleRotation, regionProps } = useCarouselRotation({
    count,
    intervalMs: INTERVAL,
  });
  return (
    <section aria-label="Carousel" {...regionProps}>
      <p data-testid="active">{active}</p>
      <p data-testid="rotating">{String(rotating)}</p>
      <button type="button" onClick={toggleRotation}>
        {userPaused ? "Resume" : "Pause"}
      </button>
      <button type="button">Inside</button>
    </section>
  );
}

function shown() {
  return Number(screen.getByTestId("active").textContent);
}

beforeEach(() => {
  vi.useFakeTimers();
  stubReducedMotion(false);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("useCarouselRotation", () => {
  it("starts on the first slide and advances every interval, wrapping after the last", () => {
    const { result } = renderRotation(3);
    expect(result.current.active).toBe(0);
    expect(result.current.rotating).toBe(true);
    expect(result.current.canRotate).toBe(true);
    expect(result.current.userPaused).toBe(false);
    advance(INTERVAL - 1);
    expect(result.current.active).toBe(0);
    advance(1);
    expect(result.current.active).toBe(1);
    advance(INTERVAL);
    expect(result.current.active).toBe(2);
    advance(INTERVAL);
    expect(result.current.active).toBe(0);
  });

  it("shows any slide, wrapping both ways", () => {
    const { result } = renderRotation(3);
    act(() => result.current.show(-1));
    expect(result.current.active).toBe(2);
    act(() => result.current.show(3));
    expect(result.current.active).toBe(0);
    act(() => result.current.show(1));
    expect(result.current.active).toBe(1);
    act(() => result.current.show(-4));
    expect(result.current.active).toBe(2);
  });

  it("gives a slide chosen by hand its full interval", () => {
    const { result } = renderRotation(3);
    advance(INTERVAL - 200);
    act(() => result.current.show(2));
    advance(INTERVAL - 1);
    expect(result.current.active).toBe(2);
    advance(1);
    expect(result.current.active).toBe(0);
  });

  it("pauses and resumes with toggleRotation", () => {
    const { result } = renderRotation(3);
    act(() => result.current.toggleRotation());
    expect(result.current.userPaused).toBe(true);
    expect(result.current.rotating).toBe(false);
    expect(result.current.canRotate).toBe(true);
    advance(INTERVAL * 3);
    expect(result.current.active).toBe(0);
    act(() => result.current.toggleRotation());
    expect(result.current.userPaused).toBe(false);
    expect(result.current.rotating).toBe(true);
    advance(INTERVAL);
    expect(result.current.active).toBe(1);
  });

  it("cannot rotate one slide, and shows slide 0 of none", () => {
    const one = renderRotation(1);
    expect(one.result.current.canRotate).toBe(false);
    expect(one.result.current.rotating).toBe(false);
    advance(INTERVAL * 2);
    expect(one.result.current.active).toBe(0);

    const none = renderRotation(0);
    expect(none.result.current.canRotate).toBe(false);
    act(() => none.result.current.show(2));
    expect(none.result.current.active).toBe(0);
  });

  it("stays within the slides when their number shrinks", () => {
    const { result, rerender } = renderRotation(3);
    act(() => result.current.show(2));
    rerender({ count: 2, intervalMs: INTERVAL });
    expect(result.current.active).toBe(1);
    advance(INTERVAL);
    expect(result.current.active).toBe(0);
  });

  it("does not rotate while the user prefers reduced motion, and follows changes", () => {
    const media = stubReducedMotion(true);
    const { result } = renderRotation(3);
    expect(result.current.canRotate).toBe(false);
    expect(result.current.rotating).toBe(false);
    advance(INTERVAL * 2);
    expect(result.current.active).toBe(0);
    // Manual choice still works.
    act(() => result.current.show(1));
    expect(result.current.active).toBe(1);

    media.set(false);
    expect(result.current.canRotate).toBe(true);
    advance(INTERVAL);
    expect(result.current.active).toBe(2);

    media.set(true);
    advance(INTERVAL * 2);
    expect(result.current.active).toBe(2);
  });

  it("does not rotate while the region is hovered", () => {
    render(<Carousel count={3} />);
    const region = screen.getByRole("region", { name: "Carousel" });
    fireEvent.mouseEnter(region);
    expect(screen.getByTestId("rotating").textContent).toBe("false");
    advance(INTERVAL * 2);
    expect(shown()).toBe(0);
    fireEvent.mouseLeave(region);
    advance(INTERVAL);
    expect(shown()).toBe(1);
  });

  it("does not rotate while focus is inside, also when it moves within the region", () => {
    render(
      <>
        <Carousel count={3} />
        <button type="button">Outside</button>
      </>,
    );
    act(() => screen.getByRole("button", { name: "Pause" }).focus());
    advance(INTERVAL * 2);
    expect(shown()).toBe(0);
    act(() => screen.getByRole("button", { name: "Inside" }).focus());
    advance(INTERVAL * 2);
    expect(shown()).toBe(0);
    act(() => screen.getByRole("button", { name: "Outside" }).focus());
    advance(INTERVAL);
    expect(shown()).toBe(1);
  });

  it("keeps rotating after an explicit resume although pointer and focus are on the toggle", () => {
    render(<Carousel count={3} />);
    const region = screen.getByRole("region", { name: "Carousel" });
    const toggle = screen.getByRole("button", { name: "Pause" });
    fireEvent.mouseEnter(region);
    act(() => toggle.focus());
    fireEvent.click(toggle);
    expect(toggle.textContent).toBe("Resume");
    fireEvent.click(toggle);
    expect(toggle.textContent).toBe("Pause");
    expect(screen.getByTestId("rotating").textContent).toBe("true");
    advance(INTERVAL);
    expect(shown()).toBe(1);
  });
});
