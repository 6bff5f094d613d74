/**
 * JavaScript size as it travels: the gzip-encoded bytes of each script (what the server sends
 * to `Accept-Encoding: gzip`), and which chunks belong to the admin pages according to React
 * Router's browser manifest (`/assets/manifest-*.js`).
 */
import { request as httpRequest } from "node:http";
import type { APIRequestContext } from "@playwright/test";

export const KIB = 1024;

/** Bytes on the wire for `url` when the client accepts gzip only (the raw, still-encoded body). */
export function gzipTransferSize(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { headers: { "accept-encoding": "gzip" } }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(`${url}: status ${response.statusCode}`));
        return;
      }
      let bytes = 0;
      response.on("data", (chunk: Buffer) => (bytes += chunk.length));
      response.on("end", () => resolve(bytes));
      response.on("error", reject);
    });
    request.setTimeout(10_000, () => request.destroy(new Error(`${url}: timed out`)));
    request.on("error", reject);
    request.end();
  });
}

/** Caches gzip sizes by URL across routes. */
export class GzipSizes {
  private readonly sizes = new Map<string, Promise<number>>();

  of(url: string): Promise<number> {
    let size = this.sizes.get(url);
    if (!size) {
      size = gzipTransferSize(url);
      this.sizes.set(url, size);
    }
    return size;
  }

  async total(urls: Iterable<string>): Promise<number> {
    let sum = 0;
    for (const url of urls) sum += await this.of(url);
    return sum;
  }
}

interface ManifestRoute {
  id: string;
  path?: string;
  module: string;
  imports?: string[];
}

interface BrowserManifest {
  entry: { module: string; imports?: string[] };
  routes: Record<string, ManifestRoute>;
}

/**
 * React Router's browser manifest, found in a staff page's bootstrap script (public pages load no
 * React Router, docs/decisions/024).
 */
export async function browserManifest(
  request: APIRequestContext,
  pagePath = "/admin/updates",
): Promise<BrowserManifest> {
  const html = await (await request.get(pagePath)).text();
  // The page starts React Router after its load event (server/render/hydrate-after-load.ts), so the
  // manifest is named in an inline script rather than a modulepreload link.
  const href = /"(\/assets\/manifest-[^"/]+\.js)"/.exec(html)?.[1];
  if (!href) throw new Error(`${pagePath} names no /assets/manifest-*.js`);
  const source = await (await request.get(href)).text();
  const json = source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1);
  return JSON.parse(json) as BrowserManifest;
}

function isAdminRoute(route: ManifestRoute): boolean {
  return /^admin\b|admin-/.test(route.id) || (route.path ?? "").startsWith("admin");
}

/**
 * The chunks only the admin pages use: the admin routes' modules and imports, less everything
 * the entry, the root or any other route also loads. Paths like `/assets/admin-updates-x.js`.
 */
export function adminOnlyChunks(manifest: BrowserManifest): Set<string> {
  const admin = new Set<string>();
  const shared = new Set<string>([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
  for (const route of Object.values(manifest.routes)) {
    const chunks = [route.module, ...(route.imports ?? [])];
    for (const chunk of chunks) (isAdminRoute(route) ? admin : shared).add(chunk);
  }
  for (const chunk of shared) admin.delete(chunk);
  return admin;
}
