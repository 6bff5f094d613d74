// The LCP of a Lighthouse report split into its four parts, in the report's own (simulated) time.
//
// Lighthouse 12's "largest-contentful-paint-element" audit printed this table; 13 dropped the
// audit, and both versions' "lcp-breakdown-insight" gives the parts as observed on the unthrottled
// page load. The simulated parts are the observed ones scaled by simulated LCP / observed LCP,
// with the simulated TTFB, exactly as Lighthouse's own LCPBreakdown computes them for simulated
// throttling (core/computed/metrics/lcp-breakdown.js), so the four parts add up to the LCP shown.

/** The observed parts (ms from the navigation's start) from the breakdown insight, if present. */
function observedParts(lhr) {
  const tables = lhr.audits["lcp-breakdown-insight"]?.details?.items ?? [];
  const rows = tables.find((table) => table?.type === "table")?.items ?? [];
  const part = (name) => rows.find((row) => row.subpart === name)?.duration;
  const ttfb = part("timeToFirstByte");
  if (ttfb === undefined) return undefined;
  return { ttfb, loadDelay: part("resourceLoadDelay"), loadTime: part("resourceLoadDuration") };
}

/**
 * `{ ttfb, loadDelay, loadTime, renderDelay }` in ms (load parts 0 when the LCP is text), or
 * undefined when the report lacks what it takes.
 */
export function lcpBreakdown(lhr) {
  const lcp = lhr.audits["largest-contentful-paint"]?.numericValue;
  const metrics = lhr.audits.metrics?.details?.items?.[0];
  const observed = observedParts(lhr);
  const ttfb = metrics?.timeToFirstByte;
  const observedLcp = metrics?.observedLargestContentfulPaint;
  if (!observed || lcp === undefined || ttfb === undefined || !observedLcp) return undefined;
  if (observed.loadDelay === undefined || observed.loadTime === undefined) {
    return { ttfb, loadDelay: 0, loadTime: 0, renderDelay: lcp - ttfb };
  }
  const ratio = lcp / observedLcp;
  const observedStart = observed.ttfb + observed.loadDelay;
  const loadStart = Math.max(ttfb, Math.min(observedStart * ratio, lcp));
  const loadEnd = Math.max(loadStart, Math.min((observedStart + observed.loadTime) * ratio, lcp));
  return {
    ttfb,
    loadDelay: loadStart - ttfb,
    loadTime: loadEnd - loadStart,
    renderDelay: lcp - loadEnd,
  };
}
