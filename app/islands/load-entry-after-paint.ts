/**
 * Starts the page's islands once the page has loaded and its largest paint is done
 * (docs/decisions/043): adds the island build's entry, which the server names in a JSON data
 * block (`<script type="application/json" data-island-entry>`, server/render/island-entry.ts),
 * as a module script. A module script named in the HTML would be fetched at once, at high
 * priority, beside the HTML's pictures; this way nothing but the HTML, its inline CSS and the
 * LCP picture is fetched or run before the largest contentful paint.
 *
 * The browser reports each larger paint as a `largest-contentful-paint` entry once it is on
 * screen: before the load event or, on a fast load (everything arrived by the first frame) or a
 * slow device (the first frame comes late), after it. The first one is not always the largest:
 * text can paint before the picture beside it is decoded. So from the load event the script
 * waits for the page's main pictures to be decoded (decision 062), then takes the paints reported
 * so far and those that follow (decision 060), and starts once none has been reported for
 * `settleMs`. A page never painted in view (a tab opened in the background) reports none: then
 * it starts `fallbackMs` after the load event.
 *
 * Part of every public page's inline script (app/width-switching/static-page-script.ts), which
 * serialises it: it must use nothing from outside its own body.
 */
export function loadIslandEntryAfterPaint(fallbackMs: number, settleMs: number): void {
  const block = document.querySelector("script[data-island-entry]");
  if (!block) return;
  const src: unknown = JSON.parse(block.textContent || "null");
  if (typeof src !== "string") return;
  let added = false;
  const add = () => {
    if (added) return;
    added = true;
    const script = document.createElement("script");
    script.type = "module";
    script.src = src;
    document.head.append(script);
  };
  const afterLoad = () => {
    let timer = window.setTimeout(add, fallbackMs);
    const watchPaints = () => {
      try {
        // `buffered`: a paint reported before the load event counts, so no timer guesses whether
        // one came; a page still waiting for its first frame waits for it.
        const observer = new PerformanceObserver(() => {
          window.clearTimeout(timer);
          timer = window.setTimeout(() => {
            observer.disconnect();
            add();
          }, settleMs);
        });
        observer.observe({ type: "largest-contentful-paint", buffered: true });
      } catch {
        // No largest-contentful-paint entries in this browser: the timer alone.
      }
    };
    // The page's main pictures (`fetchpriority="high"`, loaded eagerly) are decoded first: their
    // text is reported painted before them, on a slow device by more than `settleMs` (decision
    // 062). A picture that cannot be decoded does not hold the islands; the fallback bounds all.
    const pictures = Array.from(document.querySelectorAll('img[fetchpriority="high"]'));
    if (pictures.length === 0) watchPaints();
    else {
      void Promise.all(
        pictures.map((picture) => (picture as HTMLImageElement).decode().catch(() => undefined)),
      ).then(watchPaints);
    }
  };
  if (document.readyState === "complete") afterLoad();
  else window.addEventListener("load", afterLoad, { once: true });
}
