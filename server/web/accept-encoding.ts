/** The content codings we have precompressed files for, in order of preference. */
export type Encoding = "br" | "gzip" | "identity";

interface Acceptance {
  br: boolean;
  gzip: boolean;
}

/** Which of br and gzip an `Accept-Encoding` value allows (q=0 forbids; `*` covers the rest). */
export function parseAcceptEncoding(header: string | undefined): Acceptance {
  if (!header) return { br: false, gzip: false };
  const q: Record<string, number> = {};
  for (const part of header.split(",")) {
    const [rawName = "", ...params] = part.split(";");
    const name = rawName.trim().toLowerCase();
    if (!name) continue;
    let weight = 1;
    for (const param of params) {
      const [key = "", value = ""] = param.split("=");
      if (key.trim().toLowerCase() === "q") {
        const parsed = Number(value.trim());
        weight = Number.isFinite(parsed) ? parsed : 0;
      }
    }
    // "x-gzip" is the historical alias of "gzip" (RFC 9110, section 8.4.1.3).
    q[name === "x-gzip" ? "gzip" : name] = weight;
  }
  const allowed = (name: string) => {
    const weight = q[name] ?? q["*"];
    return weight !== undefined && weight > 0;
  };
  return { br: allowed("br"), gzip: allowed("gzip") };
}

const CACHE_LIMIT = 256;

/**
 * Remembers the answer for each distinct header value: browsers send a handful of values, so
 * the parse runs a few times per process, not per request. Bounded against varied input.
 */
export class EncodingNegotiator {
  readonly #cache = new Map<string, Acceptance>();

  acceptance(header: string | undefined): Acceptance {
    if (header === undefined) return { br: false, gzip: false };
    let result = this.#cache.get(header);
    if (result === undefined) {
      result = parseAcceptEncoding(header);
      if (this.#cache.size >= CACHE_LIMIT) this.#cache.clear();
      this.#cache.set(header, result);
    }
    return result;
  }

  /** The best coding among those available for a file (identity is always available). */
  choose(header: string | undefined, available: { br: boolean; gzip: boolean }): Encoding {
    if (!available.br && !available.gzip) return "identity";
    const accepted = this.acceptance(header);
    if (available.br && accepted.br) return "br";
    if (available.gzip && accepted.gzip) return "gzip";
    return "identity";
  }
}
