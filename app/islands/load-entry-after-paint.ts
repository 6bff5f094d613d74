/**
 * Starts the page's islands once the page has loaded and its largest paint is done
 * (docs/decisions/043): adds the island build's entry, which the server names in a JSON data
 * block (`<script type="application/json" data-island-entry>`, server/render/island-entry.ts),
 * as a module script. A module script named in the HTML would be fetched at once, at high
 * priority, beside the HTML's pictures; this way nothing but the HTML, its inline CSS and the
 * LCP picture is fetched or run before the largest contentful paint.
 *
 * A fast load paints for the first time only after its load event (everything has arrived by
 * the first frame), and the browser reports each larger paint as a `largest-contentful-paint`
 * entry once it is on screen. The first one is not always the largest: text can paint a frame
 * before the picture beside it is decoded. So the script waits until no larger paint has been
 * reported for `settleMs`. When the largest paint came before the load event no entry follows,
 * so it waits at most `fallbackMs` after the load event.
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
    try {
      // Without `buffered`: only paints reported from now on, after the load event.
      const observer = new PerformanceObserver(() => {
        window.clearTimeout(timer);
        timer = window.setTimeout(() => {
          observer.disconnect();
          add();
        }, settleMs);
      });
      observer.observe({ type: "largest-contentful-paint" });
    } catch {
      // No largest-contentful-paint entries in this browser: the timer alone.
    }
  };
  if (document.readyState === "complete") afterLoad();
  else window.addEventListener("load", afterLoad, { once: true });
}
