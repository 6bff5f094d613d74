/**
 * How a text is counted and how it arrives (design 13), shared by the staff page's live counts
 * and the server's check: GSM-7 texts take 160 characters in one segment, 153 each when split;
 * any other character makes the whole text UCS-2: 70, or 67 each. At most 4 segments.
 */

const GSM7_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?" +
  "¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
/** Characters of the GSM-7 extension table: each takes two of the 160. */
const GSM7_EXTENDED = "^{}\\[~]|€\f";

const BASIC = new Set(GSM7_BASIC);
const EXTENDED = new Set(GSM7_EXTENDED);

export const MAX_SEGMENTS = 4;

export interface SegmentCount {
  encoding: "GSM-7" | "UCS-2";
  /** Characters as the count goes: septets for GSM-7 (an extended one is 2), UTF-16 units else. */
  characters: number;
  segments: number;
  /** Characters one segment holds at this length (160/153 or 70/67). */
  perSegment: number;
}

export function countSegments(text: string): SegmentCount {
  let septets = 0;
  let gsm = true;
  for (const char of text) {
    if (BASIC.has(char)) septets += 1;
    else if (EXTENDED.has(char)) septets += 2;
    else {
      gsm = false;
      break;
    }
  }
  if (gsm) {
    const perSegment = septets <= 160 ? 160 : 153;
    return {
      encoding: "GSM-7",
      characters: septets,
      segments: septets === 0 ? 0 : Math.ceil(septets / perSegment),
      perSegment,
    };
  }
  const units = text.length;
  const perSegment = units <= 70 ? 70 : 67;
  return {
    encoding: "UCS-2",
    characters: units,
    segments: units === 0 ? 0 : Math.ceil(units / perSegment),
    perSegment,
  };
}

export const OPT_OUT_LINE = "Reply STOP to opt out";

/**
 * The text as it arrives: the program name first (unless the text begins with it), and
 * "Reply STOP to opt out" added when the text says nothing of STOP.
 */
export function textAsItArrives(body: string, programName: string): string {
  const trimmed = body.trim();
  const named = trimmed.toLowerCase().startsWith(programName.toLowerCase())
    ? trimmed
    : `${programName}: ${trimmed}`;
  return /\breply stop\b/i.test(named) ? named : `${named} ${OPT_OUT_LINE}`;
}

/** "1 segment", "3 segments" */
export function segmentsLabel(segments: number): string {
  return `${segments} segment${segments === 1 ? "" : "s"}`;
}

/** "1 subscriber", "200 subscribers" */
export function subscribersLabel(count: number): string {
  return `${count} subscriber${count === 1 ? "" : "s"}`;
}
