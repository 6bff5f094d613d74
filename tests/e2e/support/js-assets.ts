/**
 * JavaScript size as the budget counts it: each script's bytes gzipped at level 9 with node's
 * zlib (docs/decisions/043), whatever the server's own precompressed copies weigh (Zopfli's are
 * smaller, and a proxy that compresses again may use zlib), and which chunks belong to the admin
 * pages according to React Router's browser manifest (`/assets/manifest-*.js`).
 */
import { request as httpRequest } from "node:http";
import { gzipSync } from "node:zlib";
import type { APIRequestContext } from "@playwright/test";

export const KIB = 1024;

/** The body of `url` as the server sends it to a client that accepts no coding. */
export function identityBody(url: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { headers: { "accept-encoding": "identity" } }, (response) => {
      if (response.statusCode !== 200 || response.headers["content-encoding"] !== undefined) {
        response.resume();
        reject(
          new Error(
            `${url}: status ${response.statusCode}, coding ${response.headers["content-encoding"]}`,
          ),
        );
        return;
      }
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve(Buffer.concat(chunks)));
      response.on("error", reject);
    });
    request.setTimeout(10_000, () => request.destroy(new Error(`${url}: timed out`)));
    request.on("error", reject);
    request.end();
  });
}

/** Bytes of `url` gzipped at level 9 by node's zlib. */
export async function gzip9Size(url: string): Promise<number> {
  return gzipSync(await identityBody(url), { level: 9 }).length;
}

/** Caches gzip level 9 sizes by URL across routes. */
export class GzipSizes {
  private readonly sizes = new Map<string, Promise<number>>();

  of(url: string): Promise<number> {
    let size = this.sizes.get(url);
    if (!size) {
      size = gzip9Size(url);
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
