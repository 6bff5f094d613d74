/** Conditional and partial requests: If-None-Match, If-Range and single byte ranges. */

function opaqueTag(tag: string): string {
  const trimmed = tag.trim();
  return trimmed.startsWith("W/") ? trimmed.slice(2) : trimmed;
}

/**
 * True when an `If-None-Match` value matches `etag`. RFC 9110 uses the weak comparison here,
 * so `W/"x"` matches `"x"`; `*` matches any current representation.
 */
export function ifNoneMatchMatches(header: string, etag: string): boolean {
  if (header === etag) return true;
  for (const tag of header.split(",")) {
    const opaque = opaqueTag(tag);
    if (opaque === "*" || opaque === etag) return true;
  }
  return false;
}

export type RangeResult =
  { kind: "full" } | { kind: "partial"; start: number; end: number } | { kind: "unsatisfiable" };

const RANGE_RE = /^bytes=(\d*)-(\d*)$/;

/**
 * Interprets a `Range` header for a body of `size` bytes. Only one range is served; a list of
 * ranges or a header we do not understand gets the whole body (RFC 9110 allows ignoring Range).
 */
export function parseRange(header: string, size: number): RangeResult {
  const match = RANGE_RE.exec(header.trim());
  if (!match) return { kind: "full" };
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return { kind: "full" };
  if (first === "") {
    // bytes=-N: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: "unsatisfiable" };
    return { kind: "partial", start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  if (!Number.isSafeInteger(start) || start >= size) return { kind: "unsatisfiable" };
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (end < start) return { kind: "full" };
  return { kind: "partial", start, end };
}

/** True when a Range request should be honoured given its `If-Range` value (strong compare). */
export function ifRangeAllows(header: string | undefined, etag: string): boolean {
  return header === undefined || header.trim() === etag;
}
