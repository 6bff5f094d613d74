// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { staticPageScript } from "./static-page-script";

type Listener = () => void;

const ORIGIN = window.location.origin;

/** A window of `width` px whose location.replace is recorded; `resize` fires "change". */
function stubWindow(width: number, reducedMotion = false, search = "?a=1") {
  const listeners = new Set<Listener>();
  let current = width;
  vi.stubGlobal("matchMedia", (query: string) => ({
    get matches() {
      if (query.includes("prefers-reduced-motion")) return reducedMotion;
      return current < 600;
    },
    addEventListener: (_: string, listener: Listener) => listeners.add(listener),
  }));
  const replace = vi.fn();
  vi.stubGlobal("location", { origin: ORIGIN, search, hash: "#team", replace });
  return {
    replace,
    resize(to: number) {
      current = to;
      listeners.forEach((listener) => listener());
    },
  };
}

/** Runs the page's inline script as the browser would: as source text, in the page's window. */
const run = (pathname: string) => new Function(staticPageScript(pathname))();

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.innerHTML = "";
});

describe("staticPageScript", () => {
  it("replaces a page by its twin for the width, query and hash kept", () => {
    const window = stubWindow(390);
    run("/about-desktop");
    expect(window.replace).toHaveBeenCalledWith("/about-mobile?a=1#team");
  });

  it("stays on the right variant, then follows the window across the breakpoint", () => {
    const window = stubWindow(1280);
    run("/publications-desktop");
    expect(window.replace).not.toHaveBeenCalled();
    window.resize(599);
    expect(window.replace).toHaveBeenCalledWith("/publications-mobile?a=1#team");
  });

  it("leaves a staff preview at the width it names, however wide the window", () => {
    const window = stubWindow(390, false, "?preview=home");
    run("/home-desktop");
    window.resize(1280);
    window.resize(390);
    expect(window.replace).not.toHaveBeenCalled();
  });

  it("never switches a page without variants", () => {
    const window = stubWindow(390);
    run("/menu-mobile");
    window.resize(1280);
    run("/sms-opt-in");
    expect(window.replace).not.toHaveBeenCalled();
  });

  it("marks the mobile header once the page is scrolled", async () => {
    stubWindow(390);
    document.body.innerHTML = '<header data-scrolled="false"></header>';
    vi.stubGlobal("scrollY", 20);
    run("/about-mobile");
    const header = document.querySelector("header")!;
    // Not read while the page is parsed (a forced layout), but in the first frame.
    expect(header.dataset.scrolled).toBe("false");
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(header.dataset.scrolled).toBe("true");
    vi.stubGlobal("scrollY", 0);
    window.dispatchEvent(new Event("scroll"));
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(header.dataset.scrolled).toBe("false");
    vi.stubGlobal("scrollY", 400);
    window.dispatchEvent(new Event("scroll"));
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(header.dataset.scrolled).toBe("true");
  });

  it("stops videos that play by themselves when motion is reduced, and only then", () => {
    const pause = vi.spyOn(HTMLMediaElement.prototype, "pause").mockImplementation(() => {});
    document.body.innerHTML = "<video autoplay></video>";
    stubWindow(1280, false);
    run("/about-desktop");
    expect(pause).not.toHaveBeenCalled();
    stubWindow(1280, true);
    run("/about-desktop");
    expect(pause).toHaveBeenCalledTimes(1);
    expect(document.querySelector("video")!.autoplay).toBe(false);
  });

  it("adds the islands' script after the load event, once no larger paint has been reported for 500 ms (or 3 s after it without any), and none on a page without islands", () => {
    vi.useFakeTimers();
    stubWindow(1280);
    let reportPaint: (() => void) | undefined;
    const observed: PerformanceObserverInit[] = [];
    vi.stubGlobal(
      "PerformanceObserver",
      class {
        constructor(callback: PerformanceObserverCallback) {
          reportPaint = () => callback({} as PerformanceObserverEntryList, this as never);
        }
        observe(options: PerformanceObserverInit) {
          observed.push(options);
        }
        disconnect() {
          reportPaint = undefined;
        }
      },
    );
    const moduleScripts = () =>
      [...document.head.querySelectorAll('script[type="module"]')].map((script) =>
        script.getAttribute("src"),
      );
    let readyState: DocumentReadyState = "interactive";
    vi.spyOn(document, "readyState", "get").mockImplementation(() => readyState);
    try {
      run("/about-desktop");
      window.dispatchEvent(new Event("load"));
      vi.advanceTimersByTime(1000);
      expect(observed).toHaveLength(0);
      expect(moduleScripts()).toEqual([]);

      document.head.innerHTML =
        '<script type="application/json" data-island-entry="">"/islands/assets/entry.client-1.js"</script>';
      run("/home-desktop");
      vi.advanceTimersByTime(1000);
      expect(observed).toHaveLength(0);
      readyState = "complete";
      window.dispatchEvent(new Event("load"));
      // From the load event: the paints reported before it (buffered) and those that follow.
      expect(observed).toEqual([{ type: "largest-contentful-paint", buffered: true }]);
      expect(moduleScripts()).toEqual([]);
      // A slow device's first frame, long after the load event: nothing starts before it.
      vi.advanceTimersByTime(2000);
      expect(moduleScripts()).toEqual([]);
      // A paint, then a larger one 300 ms later (a picture decoded after its text on a slow
      // device): the script comes once none has followed for 500 ms.
      reportPaint!();
      vi.advanceTimersByTime(300);
      expect(moduleScripts()).toEqual([]);
      reportPaint!();
      vi.advanceTimersByTime(499);
      expect(moduleScripts()).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(moduleScripts()).toEqual(["/islands/assets/entry.client-1.js"]);
      vi.advanceTimersByTime(1000);
      expect(moduleScripts()).toHaveLength(1);

      // No paint reported at all (a tab opened in the background): the script comes 3 s later.
      document.head.querySelectorAll('script[type="module"]').forEach((script) => script.remove());
      run("/home-desktop");
      vi.advanceTimersByTime(2999);
      expect(moduleScripts()).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(moduleScripts()).toEqual(["/islands/assets/entry.client-1.js"]);
    } finally {
      vi.useRealTimers();
      document.head.innerHTML = "";
    }
  });

  it("on a page with a main picture, watches for paints only once the picture is decoded (or could not be), within the 3 s fallback", async () => {
    vi.useFakeTimers();
    stubWindow(1280);
    let reportPaint: (() => void) | undefined;
    vi.stubGlobal(
      "PerformanceObserver",
      class {
        constructor(callback: PerformanceObserverCallback) {
          reportPaint = () => callback({} as PerformanceObserverEntryList, this as never);
        }
        observe() {}
        disconnect() {}
      },
    );
    const decodes: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];
    // jsdom decodes no image: a browser's decode(), each settled by the test.
    Object.defineProperty(HTMLImageElement.prototype, "decode", {
      configurable: true,
      value: () => new Promise<void>((resolve, reject) => decodes.push({ resolve, reject })),
    });
    const moduleScripts = () => document.head.querySelectorAll('script[type="module"]').length;
    vi.spyOn(document, "readyState", "get").mockImplementation(() => "complete");
    try {
      document.head.innerHTML =
        '<script type="application/json" data-island-entry="">"/islands/assets/entry.client-1.js"</script>';
      document.body.innerHTML =
        '<img src="/a.jpg" fetchpriority="high" alt=""><img src="/b.jpg" fetchpriority="high" alt=""><img src="/c.jpg" alt="">';
      run("/home-desktop");
      // Only the main pictures are waited for.
      expect(decodes).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(1000);
      expect(reportPaint).toBeUndefined();
      decodes[0]!.resolve();
      await vi.advanceTimersByTimeAsync(10);
      expect(reportPaint).toBeUndefined();
      // A picture that cannot be decoded holds nothing.
      decodes[1]!.reject(new Error("EncodingError"));
      await vi.advanceTimersByTimeAsync(0);
      expect(reportPaint).toBeDefined();
      reportPaint!();
      await vi.advanceTimersByTimeAsync(499);
      expect(moduleScripts()).toBe(0);
      await vi.advanceTimersByTimeAsync(1);
      expect(moduleScripts()).toBe(1);

      // A decode that never ends: the fallback, 3 s after the load event.
      document.head.querySelectorAll('script[type="module"]').forEach((script) => script.remove());
      decodes.length = 0;
      reportPaint = undefined;
      run("/home-desktop");
      await vi.advanceTimersByTimeAsync(2999);
      expect(moduleScripts()).toBe(0);
      await vi.advanceTimersByTimeAsync(1);
      expect(moduleScripts()).toBe(1);
      expect(reportPaint).toBeUndefined();
    } finally {
      vi.useRealTimers();
      Reflect.deleteProperty(HTMLImageElement.prototype, "decode");
      document.head.innerHTML = "";
    }
  });

  it("closes the mobile menu: back to the page of the site it came from, else home", () => {
    document.body.innerHTML = '<button type="button" data-menu-close="">Close menu</button>';
    const back = vi.spyOn(window.history, "back").mockImplementation(() => {});
    const referrer = vi.spyOn(document, "referrer", "get");
    window.history.replaceState(null, "");
    window.history.pushState(null, "");

    let window_ = stubWindow(390);
    referrer.mockReturnValue(`${ORIGIN}/about-mobile`);
    run("/menu-mobile");
    document.querySelector("button")!.click();
    expect(back).toHaveBeenCalledTimes(1);
    expect(window_.replace).not.toHaveBeenCalled();

    document.body.innerHTML = '<button type="button" data-menu-close="">Close menu</button>';
    window_ = stubWindow(390);
    referrer.mockReturnValue("https://elsewhere.example/");
    run("/menu-mobile");
    document.querySelector("button")!.click();
    expect(back).toHaveBeenCalledTimes(1);
    expect(window_.replace).toHaveBeenCalledWith("/home-mobile");
  });

  it("cannot end its <script> element", () => {
    expect(staticPageScript("/x</script>-desktop")).not.toContain("</script");
  });
});
