import { createHash } from "node:crypto";
import type { Encoding } from "./accept-encoding.js";
import { contentTypeFor, isHtmlType, isMediaType } from "./content-types.js";
import { SVG_CSP, pageCsp } from "./csp.js";
import type { ClientFile } from "./load-client-files.js";

/** Cache policies: HTML is revalidated every time, hashed assets never change. */
export const CACHE_HTML = "no-cache";
export const CACHE_IMMUTABLE = "public, max-age=31536000, immutable";
export const CACHE_PUBLIC = "public, max-age=3600";

/** One encoded form of a file with every response header computed in advance. */
export interface Representation {
  readonly encoding: Encoding;
  readonly body: Buffer;
  /** Strong validator; empty when the response carries none (error pages). */
  readonly etag: string;
  /** Headers of a 200 answer (lower-case names). */
  readonly headers: Readonly<Record<string, string>>;
  /** Headers of a 304 answer. */
  readonly notModifiedHeaders: Readonly<Record<string, string>>;
}

/** A file ready to be served from memory. */
export interface StaticEntry {
  readonly relativePath: string;
  readonly contentType: string;
  /** Audio and video answer single-range requests with 206. */
  readonly ranges: boolean;
  readonly identity: Representation;
  readonly br?: Representation;
  readonly gzip?: Representation;
  readonly available: { readonly br: boolean; readonly gzip: boolean };
}

export interface EntryOptions {
  /** The site is served over HTTPS (adds upgrade-insecure-requests to page policies). */
  readonly https: boolean;
  /** Overrides the type chosen from the file name (rendered answers have none). */
  readonly contentType?: string;
  /** Overrides the cache policy chosen from the path. */
  readonly cacheControl?: string;
  /** Added to every answer, e.g. `x-robots-tag`. */
  readonly extraHeaders?: Readonly<Record<string, string>>;
  /** Set to false for error pages, which are not cached or revalidated. */
  readonly etag?: boolean;
  /**
   * The inline scripts the page's policy allows: for rendered pages, the ones the app wrote
   * (server/render/render-mark.ts). Without it, those of the file (built files, no content).
   */
  readonly inlineScripts?: readonly string[];
}

export function cacheControlFor(relativePath: string, contentType: string): string {
  // Pages and their loader data change with every publish: always revalidate.
  if (isHtmlType(contentType) || relativePath.endsWith(".data")) return CACHE_HTML;
  // React Router's build and the islands' build (docs/decisions/024) name their files by hash.
  if (relativePath.startsWith("assets/") || relativePath.startsWith("islands/assets/")) {
    return CACHE_IMMUTABLE;
  }
  return CACHE_PUBLIC;
}

/** The URL paths that serve a file: `a/index.html` also answers `/a` and `/a/`. */
export function urlPathsFor(relativePath: string): string[] {
  const paths = [`/${relativePath}`];
  if (relativePath === "index.html") paths.push("/");
  else if (relativePath.endsWith("/index.html")) {
    const dir = `/${relativePath.slice(0, -"/index.html".length)}`;
    paths.push(dir, `${dir}/`);
  }
  return paths;
}

function strongEtag(body: Buffer): string {
  return createHash("sha256").update(body).digest("base64url").slice(0, 27);
}

const ETAG_SUFFIX: Record<Encoding, string> = { identity: "", br: "-br", gzip: "-gz" };

export function buildEntry(file: ClientFile, options: EntryOptions): StaticEntry {
  const contentType = options.contentType ?? contentTypeFor(file.relativePath);
  const ranges = isMediaType(contentType);
  const available = { br: file.br !== undefined, gzip: file.gzip !== undefined };
  const varies = available.br || available.gzip;
  const baseTag = options.etag === false ? "" : strongEtag(file.body);

  let csp: string | undefined;
  if (isHtmlType(contentType)) {
    csp = pageCsp(file.body.toString("utf8"), {
      https: options.https,
      ...(options.inlineScripts ? { scripts: options.inlineScripts } : {}),
    });
  } else if (contentType.startsWith("image/svg+xml")) csp = SVG_CSP;

  const represent = (encoding: Encoding, body: Buffer): Representation => {
    // Each coding is a different representation, so it gets its own strong validator.
    const etag = baseTag ? `"${baseTag}${ETAG_SUFFIX[encoding]}"` : "";
    const common: Record<string, string> = {
      "cache-control": options.cacheControl ?? cacheControlFor(file.relativePath, contentType),
    };
    if (etag) common["etag"] = etag;
    if (varies) common["vary"] = "Accept-Encoding";
    if (csp) common["content-security-policy"] = csp;
    Object.assign(common, options.extraHeaders);
    const headers: Record<string, string> = {
      "content-type": contentType,
      "content-length": String(body.length),
      ...common,
    };
    if (encoding !== "identity") headers["content-encoding"] = encoding;
    if (ranges) headers["accept-ranges"] = "bytes";
    return {
      encoding,
      body,
      etag,
      headers: Object.freeze(headers),
      notModifiedHeaders: Object.freeze(common),
    };
  };

  return {
    relativePath: file.relativePath,
    contentType,
    ranges,
    identity: represent("identity", file.body),
    ...(file.br ? { br: represent("br", file.br) } : {}),
    ...(file.gzip ? { gzip: represent("gzip", file.gzip) } : {}),
    available,
  };
}

/** The representation for a negotiated coding (falls back to identity). */
export function representation(entry: StaticEntry, encoding: Encoding): Representation {
  if (encoding === "br" && entry.br) return entry.br;
  if (encoding === "gzip" && entry.gzip) return entry.gzip;
  return entry.identity;
}
