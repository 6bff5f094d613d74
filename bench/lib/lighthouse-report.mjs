// What bench/lighthouse.mjs reads from each Lighthouse report, and the tables it prints and
// records: each route's median figures beside the targets, and the audits below 100.
import { request as httpRequest } from "node:http";
import { gzipSync } from "node:zlib";
import { lcpBreakdown } from "./lcp-breakdown.mjs";
import { markdownTable } from "./markdown.mjs";
import { median } from "./report.mjs";

/** The Lighthouse categories measured. */
export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

/** docs/product.md section 12 (and section 9b of the design): TBT at most 50 ms over the reference. */
export const TARGETS = {
  score: 100,
  lcpMs: 1200,
  tbtMs: 50,
  tbtOverReferenceMs: 50,
  cls: 0.02,
  jsKib: 70,
};
/** The script-free page each preset's TBT is compared with (it settles at this width). */
export const REFERENCE_ROUTES = { mobile: "/about-mobile", desktop: "/about-desktop" };

/**
 * Bytes of `url` gzipped at level 9 by node's zlib, as the e2e budget guard counts them
 * (docs/decisions/043), whatever compressor made the server's copies.
 */
function gzipSize(url) {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { headers: { "accept-encoding": "identity" } }, (response) => {
      const chunks = [];
      response.on("data", (chunk) => chunks.push(chunk));
      response.on("end", () => resolve(gzipSync(Buffer.concat(chunks), { level: 9 }).length));
      response.on("error", reject);
    });
    request.setTimeout(10_000, () => request.destroy(new Error(`${url}: timed out`)));
    request.on("error", reject);
    request.end();
  });
}

const gzipSizes = new Map();
async function gzipTotal(urls) {
  let total = 0;
  for (const url of urls) {
    if (!gzipSizes.has(url)) gzipSizes.set(url, gzipSize(url));
    total += await gzipSizes.get(url);
  }
  return total;
}

/** The first element or resource an audit names, shortened, to say where to look. */
function firstItem(result) {
  const item = result.details?.items?.[0];
  const text = item?.node?.snippet ?? item?.node?.selector ?? item?.url ?? item?.source?.url ?? "";
  const flat = String(text).replace(/\s+/g, " ").replace(/\|/g, "\\|");
  return flat.length > 70 ? `${flat.slice(0, 69)}…` : flat;
}

/** The figures of one Lighthouse report; `load` is the 1-minute load average after the run. */
export async function summarize(route, preset, lhr, origin, load) {
  const audit = (id) => lhr.audits[id];
  const requests = audit("network-requests")?.details?.items ?? [];
  const scripts = requests.filter(
    (item) => item.resourceType === "Script" && item.url.startsWith(origin),
  );
  const failed = [];
  for (const id of CATEGORIES) {
    const category = lhr.categories[id];
    for (const ref of category?.auditRefs ?? []) {
      const result = audit(ref.id);
      if (!result || result.score === null || result.score >= 1) continue;
      if (ref.weight === 0 && result.scoreDisplayMode !== "binary") continue;
      failed.push({
        category: id,
        id: ref.id,
        title: result.title,
        score: result.score,
        weight: ref.weight,
        displayValue: result.displayValue ?? "",
        example: firstItem(result),
      });
    }
  }
  return {
    route,
    preset,
    finalPath: new URL(lhr.finalDisplayedUrl).pathname,
    scores: Object.fromEntries(
      CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
    ),
    lighthouse: lhr.lighthouseVersion,
    load,
    lcpMs: audit("largest-contentful-paint")?.numericValue ?? NaN,
    lcpParts: lcpBreakdown(lhr),
    tbtMs: audit("total-blocking-time")?.numericValue ?? NaN,
    cls: audit("cumulative-layout-shift")?.numericValue ?? NaN,
    jsTransfer: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    jsGzip: await gzipTotal([...new Set(scripts.map((item) => item.url))]),
    runWarnings: lhr.runWarnings ?? [],
    failed,
  };
}

// ---------------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------------

const kib = (bytes) => (bytes / 1024).toFixed(1);
/** A value with "!" after it when it misses its target. */
const mark = (text, ok) => (ok ? String(text) : `${text} !`);

/**
 * The median of each figure over one route's runs; the finishing path and the failed audits are
 * those of the run with the median performance score.
 */
export function medianOfRuns(runs) {
  const byScore = [...runs].sort((a, b) => a.scores.performance - b.scores.performance);
  const middle = byScore[Math.floor((byScore.length - 1) / 2)];
  const pick = (get) => median(runs.map(get));
  return {
    ...middle,
    runs: runs.length,
    scores: Object.fromEntries(CATEGORIES.map((id) => [id, pick((run) => run.scores[id])])),
    lcpMs: pick((run) => run.lcpMs),
    // The parts of the run whose LCP is the median (medians of each part would not add up).
    lcpParts: [...runs].sort((a, b) => a.lcpMs - b.lcpMs)[Math.floor((runs.length - 1) / 2)]
      .lcpParts,
    loadRange: [Math.min(...runs.map((run) => run.load)), Math.max(...runs.map((run) => run.load))],
    tbtMs: pick((run) => run.tbtMs),
    tbtRangeMs: [
      Math.min(...runs.map((run) => run.tbtMs)),
      Math.max(...runs.map((run) => run.tbtMs)),
    ],
    cls: pick((run) => run.cls),
    jsTransfer: pick((run) => run.jsTransfer),
    jsGzip: pick((run) => run.jsGzip),
  };
}

export function resultTable(results, referenceTbt) {
  const header = [
    "route",
    "preset",
    "perf",
    "a11y",
    "best-pr.",
    "seo",
    "LCP s",
    "LCP parts ms: TTFB + load delay + load time + render delay",
    "TBT ms (min-max)",
    "TBT − ref ms",
    "CLS",
    "JS KiB gzip -9",
    "JS KiB sent",
    "load (1 min)",
  ];
  const rows = results.map((r) => {
    const mobile = r.preset === "mobile";
    const route = r.finalPath === r.route ? r.route : `${r.route} → ${r.finalPath}`;
    return [
      route,
      r.preset,
      ...CATEGORIES.map((id) => mark(r.scores[id], r.scores[id] >= TARGETS.score)),
      mark((r.lcpMs / 1000).toFixed(2), !mobile || r.lcpMs <= TARGETS.lcpMs),
      r.lcpParts
        ? [r.lcpParts.ttfb, r.lcpParts.loadDelay, r.lcpParts.loadTime, r.lcpParts.renderDelay]
            .map(Math.round)
            .join(" + ")
        : "n/a",
      mark(
        `${Math.round(r.tbtMs)} (${r.tbtRangeMs.map(Math.round).join("-")})`,
        !mobile || r.tbtMs <= TARGETS.tbtMs,
      ),
      referenceTbt[r.preset] === undefined
        ? "n/a"
        : mark(
            Math.round(r.tbtMs - referenceTbt[r.preset]),
            r.tbtMs - referenceTbt[r.preset] <= TARGETS.tbtOverReferenceMs,
          ),
      mark(r.cls.toFixed(3), !mobile || r.cls <= TARGETS.cls),
      mark(kib(r.jsGzip), r.jsGzip <= TARGETS.jsKib * 1024),
      kib(r.jsTransfer),
      r.loadRange.map((load) => load.toFixed(2)).join("-"),
    ];
  });
  return markdownTable(header, rows);
}

export const TARGET_LINE =
  `Targets: 100 in all four categories; mobile LCP ≤ ${TARGETS.lcpMs / 1000} s, TBT ≤ ${TARGETS.tbtMs} ms ` +
  `and at most ${TARGETS.tbtOverReferenceMs} ms above the script-free reference page's TBT (About, ` +
  `${REFERENCE_ROUTES.mobile} on mobile, measured in the same rounds: "TBT − ref"), ` +
  `CLS ≤ ${TARGETS.cls}; JavaScript ≤ ${TARGETS.jsKib} KiB gzip per route. "!" marks a miss. ` +
  `"JS KiB gzip -9" is the route's scripts, each gzipped at level 9 by node's zlib (the e2e ` +
  `guard's measure); "JS KiB sent" is ` +
  `the transferSize Lighthouse recorded (Chromium accepts Brotli, so it is smaller). Each figure ` +
  `is the median of the route's runs; TBT also shows the lowest and highest run; the LCP parts ` +
  `are those of the run with the median LCP, in the simulated time the LCP is reported in; ` +
  `"load" is the lowest and highest 1-minute load average after the route's runs.`;

/** The audits that kept a category below 100, most frequent first. */
export function failedAuditsTable(results) {
  const byAudit = new Map();
  for (const result of results) {
    for (const failure of result.failed) {
      const key = `${failure.category}/${failure.id}`;
      const entry = byAudit.get(key) ?? { ...failure, runs: [], worst: 1 };
      entry.runs.push(`${result.route} (${result.preset})`);
      if (failure.score < entry.worst) {
        // Show the value and element of the worst run.
        Object.assign(entry, {
          worst: failure.score,
          displayValue: failure.displayValue,
          example: failure.example,
          worstRun: `${result.route} (${result.preset})`,
        });
      }
      byAudit.set(key, entry);
    }
  }
  if (byAudit.size === 0) return "No audit below 100 in any run.";
  const rows = [...byAudit.values()]
    .sort((a, b) => b.runs.length - a.runs.length || a.worst - b.worst)
    .map((entry) => [
      entry.category,
      entry.id,
      entry.weight,
      entry.worst.toFixed(2),
      entry.runs.length,
      entry.runs.length === results.length
        ? "all runs"
        : entry.runs.slice(0, 4).join(", ") + (entry.runs.length > 4 ? ", …" : ""),
      [entry.displayValue || entry.example, entry.worstRun && `in ${entry.worstRun}`]
        .filter(Boolean)
        .join(" "),
    ]);
  return markdownTable(
    ["category", "audit", "weight", "worst score", "runs", "where", "worst value or element"],
    rows,
  );
}
