import { loadIslandEntryAfterPaint } from "~/islands/load-entry-after-paint";
import { canGoBackInSite } from "~/lib/can-go-back";
import { REDUCED_MOTION_QUERY } from "~/lib/use-media-query";
import { SCROLLED_THRESHOLD } from "~/lib/use-scrolled";
import { HOME_PATHS, type Variant } from "~/route-paths";
import { MOBILE_QUERY, switchedPath, variantOfWindow } from "./viewport";

/**
 * How long after the load event a page's islands wait for a report of any paint
 * (loadIslandEntryAfterPaint) before they start without one: a page opened in a background tab
 * is never painted in view and reports none.
 */
const ISLANDS_FALLBACK_MS = 3000;

/**
 * How long no larger paint must have been reported before a page's islands start
 * (loadIslandEntryAfterPaint, decision 061), counted once the page's main pictures are decoded
 * (decision 062): a paint that is not the main picture's can still follow another.
 */
const ISLANDS_SETTLE_MS = 500;

/** Where the page goes when the window is of each variant (null: it stays). */
export type VariantTargets = Record<Variant, string | null>;

/**
 * What a page that does not hydrate still does in the browser, without React: the responsive
 * rule (useViewportSwitch: replace a -desktop/-mobile page by its twin on load and whenever the
 * window crosses the breakpoint, query and hash kept), the mobile header's scrolled state
 * (useScrolled), the reduced-motion rule of the looping videos (LoopingVideo), the mobile
 * menu's close button (MobileMenu: back to the previous page of the site, else home) and, on a
 * page with islands, their script once the page has loaded and painted (loadIslandEntryAfterPaint).
 *
 * It is serialised into the page by `staticPageScript`, so it must not use anything from outside
 * its own body: every value comes in as an argument (the width rule too: variantOfWindow).
 */
export function staticPageBehaviour(
  mobileQuery: string,
  targets: VariantTargets,
  reducedMotionQuery: string,
  scrolledThreshold: number,
  homePath: string,
  canGoBack: () => boolean,
  variantOf: (mobileQuery: string) => Variant,
  loadIslands: (fallbackMs: number, settleMs: number) => void,
  islandFallbackMs: number,
  islandSettleMs: number,
): void {
  const mobile = window.matchMedia(mobileQuery);
  const follow = () => {
    // A staff preview stays at the width it names (its banner links to the other width).
    if (new URLSearchParams(window.location.search).has("preview")) return;
    const target = targets[variantOf(mobileQuery)];
    if (target) window.location.replace(target + window.location.search + window.location.hash);
  };
  follow();
  mobile.addEventListener("change", follow);

  const header = document.querySelector("header[data-scrolled]");
  if (header) {
    let frame = 0;
    const read = () => {
      frame = 0;
      header.setAttribute("data-scrolled", String(window.scrollY > scrolledThreshold));
    };
    // The first reading waits for the first frame too: window.scrollY forces a style and layout
    // pass, which here, in the middle of parsing, made the parser's task long (total blocking
    // time on a slow phone); in the frame, the layout it needs is the one the paint does anyway.
    frame = window.requestAnimationFrame(read);
    window.addEventListener(
      "scroll",
      () => {
        if (frame === 0) frame = window.requestAnimationFrame(read);
      },
      { passive: true },
    );
  }

  document.querySelector("[data-menu-close]")?.addEventListener("click", () => {
    if (canGoBack()) window.history.back();
    else window.location.replace(homePath);
  });

  if (window.matchMedia(reducedMotionQuery).matches) {
    document.querySelectorAll("video[autoplay]").forEach((video) => {
      if (!(video instanceof HTMLVideoElement)) return;
      // Pausing also cancels a pending autoplay.
      video.autoplay = false;
      video.pause();
    });
  }

  loadIslands(islandFallbackMs, islandSettleMs);
}

/** The inline script of a page at `pathname` that does not hydrate (allowed by its CSP hash). */
export function staticPageScript(pathname: string): string {
  const targets: VariantTargets = {
    mobile: switchedPath(pathname, "mobile"),
    desktop: switchedPath(pathname, "desktop"),
  };
  const values = [
    MOBILE_QUERY,
    targets,
    REDUCED_MOTION_QUERY,
    SCROLLED_THRESHOLD,
    HOME_PATHS.mobile,
  ];
  const args = values.map((value) =>
    // Paths and queries only, but never let a value end the <script> element.
    JSON.stringify(value).replace(/</g, "\\u003c"),
  );
  args.push(
    canGoBackInSite.toString(),
    variantOfWindow.toString(),
    loadIslandEntryAfterPaint.toString(),
    String(ISLANDS_FALLBACK_MS),
    String(ISLANDS_SETTLE_MS),
  );
  return `(${staticPageBehaviour.toString()})(${args.join(",")})`;
}
