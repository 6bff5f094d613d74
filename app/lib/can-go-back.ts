/**
 * True when the tab's previous entry is a page of this site, so a close button can go back to
 * it: React Router numbers the entries it made (`idx`), and a page without React (one that does
 * not hydrate) reaches the next page with a full page load, which leaves it as the referrer.
 *
 * Self-contained: the inline script of pages that do not hydrate embeds its source text.
 */
export function canGoBackInSite(): boolean {
  const state = window.history.state as { idx?: unknown } | null;
  if (state && typeof state.idx === "number") return state.idx > 0;
  if (window.history.length < 2 || !document.referrer) return false;
  return new URL(document.referrer).origin === window.location.origin;
}
