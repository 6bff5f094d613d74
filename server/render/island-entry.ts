import { readFile } from "node:fs/promises";
import path from "node:path";

// Where a rendered public page gets its island script (docs/decisions/024): the island build
// (vite.islands.config.ts) writes a Vite manifest; its one entry is the file a page with at
// least one island names, in a JSON data block that the page's inline script turns into a module
// script once the page has loaded and painted (app/islands/load-entry-after-paint.ts, decision
// 043). A page without an island names no script at all.

/** What the island build's `.vite/manifest.json` says about each file (the fields used here). */
type ManifestEntry = { file: string; isEntry?: boolean };

/** The public URL of the island entry, from the island build's manifest and its base. */
export function islandEntryUrl(
  manifest: Readonly<Record<string, ManifestEntry>>,
  base: string,
): string {
  const entries = Object.values(manifest).filter((entry) => entry.isEntry === true);
  if (entries.length !== 1) {
    throw new Error(`the island build has ${entries.length} entries, expected exactly one`);
  }
  return `${base.replace(/\/?$/, "/")}${entries[0]!.file}`;
}

/** Where the island build lives under the client build, and the URL base it was built for. */
export const ISLAND_DIR = "islands";
const ISLAND_BASE = "/islands/";

/**
 * The island entry's URL from `<clientDir>/islands/.vite/manifest.json`, or undefined when the
 * client build has no island build (an API-only or test build): pages then go out without it.
 */
export async function readIslandEntryUrl(clientDir: string): Promise<string | undefined> {
  let text: string;
  try {
    text = await readFile(path.join(clientDir, ISLAND_DIR, ".vite", "manifest.json"), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  return islandEntryUrl(JSON.parse(text) as Record<string, ManifestEntry>, ISLAND_BASE);
}

const ISLAND_RE = /<div\b[^>]*\sdata-island="/;

/**
 * The page with its islands' entry named at the end of its <head>, in a JSON data block
 * (`<script type="application/json" data-island-entry>"/islands/…"</script>`): not a module
 * script, which the browser would fetch at once, at high priority, beside the LCP picture. The
 * page's inline script adds the module script after the load event (loadIslandEntryAfterPaint);
 * a data block is never run, so CSP needs no hash for it, and the script it adds is allowed by
 * 'self'. The page unchanged when it has no island.
 */
export function withIslandEntry(html: string, entryUrl: string): string {
  if (!ISLAND_RE.test(html)) return html;
  const at = html.search(/<\/head\s*>/i);
  if (at === -1) throw new Error("a page with islands has no </head>");
  const json = JSON.stringify(entryUrl).replace(/[<>&]/g, "");
  const tag = `<script type="application/json" data-island-entry="">${json}</script>`;
  return html.slice(0, at) + tag + html.slice(at);
}
