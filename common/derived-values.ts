/*
 * Technical values the content needs but staff should not have to know (docs/decisions/035):
 * a section's anchor from its heading, a video file's type from its name. The editor fills them
 * in and shows them read-only; the schemas check them. zod-free, so the editor bundle may import it.
 */

/** How a field's value is made from a neighbouring field (its `derived` schema metadata). */
export interface Derivation {
  /**
   * anchor: the `from` text as lowercase words joined by hyphens; address: the same, for a
   * page's address (made only until the entry is first published: a published address stays);
   * video-type: the file's type.
   */
  readonly kind: "anchor" | "address" | "video-type";
  /** The key of the field in the same group it is made from. */
  readonly from: string;
}

const ANCHOR_MAX = 60;

/**
 * 'Learning That Lasts' -> 'learning-that-lasts': letters and digits (accents dropped), single
 * hyphens, at most 60 characters cut at a word. Empty when the text has no letter or digit.
 */
export function anchorFrom(text: string): string {
  const words = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== "");
  let anchor = "";
  for (const word of words) {
    const next = anchor === "" ? word : `${anchor}-${word}`;
    if (next.length > ANCHOR_MAX) return anchor === "" ? word.slice(0, ANCHOR_MAX) : anchor;
    anchor = next;
  }
  return anchor;
}

/** The video types the site's players are given, by file ending. */
export const VIDEO_TYPES = { ".webm": "video/webm", ".mp4": "video/mp4" } as const;

export type VideoType = (typeof VIDEO_TYPES)[keyof typeof VIDEO_TYPES];

/** A video file's type from its name ('/video/waves.webm' -> 'video/webm'); null if not one. */
export function videoTypeOf(src: string): VideoType | null {
  const name = src.split(/[?#]/)[0]!.toLowerCase();
  for (const [ending, type] of Object.entries(VIDEO_TYPES)) {
    if (name.endsWith(ending)) return type as VideoType;
  }
  return null;
}

/** The value `derivation` makes from `source`, or null when it cannot make one. */
export function derive(derivation: Derivation, source: unknown): string | null {
  if (typeof source !== "string") return null;
  if (derivation.kind === "anchor" || derivation.kind === "address") {
    return anchorFrom(source) || null;
  }
  return videoTypeOf(source);
}
