/**
 * Which characters text input may hold (docs/product.md section 10). NUL, the other C0 controls, DEL and the
 * C1 controls and the non-characters U+FFFE and U+FFFF are refused everywhere, and in
 * single-line text the bidi controls (U+202A-U+202E,
 * U+2066-U+2069) too; multi-line text (a message, a summary) keeps tab, line feed
 * and carriage return. Unpaired UTF-16 surrogates are refused too: they are not text, and each
 * database would store something other than what was sent.
 *
 * zod-free on purpose: the public forms import it without pulling zod into their bundles.
 */
/* eslint-disable no-control-regex -- these patterns exist to find control characters */
// Single-line text (names, titles, labels) also refuses the bidi embedding, override and isolate
// controls: U+202E in a name turns what follows around ("moc.elpmaxe" shown as "example.com").
// U+FFFE and U+FFFF are not characters: XML forbids them, and one in a title made the whole
// updates feed ill-formed (design 6d).
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\ufffe\uffff]/;
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffe\uffff]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** What XML 1.0 and iCalendar text cannot carry: C0 controls but tab, LF and CR; U+FFFE/U+FFFF. */
const NOT_IN_XML =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/* eslint-enable no-control-regex */

/**
 * `value` with what XML and iCalendar forbid removed (C0 controls but tab and line breaks,
 * U+FFFE, U+FFFF, unpaired surrogates): input refuses these, and output removes them too, so
 * text stored before that rule, or by another way in, never makes a feed ill-formed.
 */
export function textForXml(value: string): string {
  return value.replace(NOT_IN_XML, "");
}

export interface CleanTextOptions {
  /** Tab, line feed and carriage return are allowed (text areas). */
  multiline?: boolean;
}

/** True when `value` holds no control character (beyond those `multiline` allows) and is valid UTF-16. */
export function isCleanText(value: string, options: CleanTextOptions = {}): boolean {
  const forbidden = options.multiline ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN;
  return !forbidden.test(value) && !LONE_SURROGATE.test(value);
}

/**
 * The 400 message for text with a control character, e.g. "Title contains a control character…";
 * it names text-direction controls, which are invisible where they were pasted from.
 */
export function controlCharacterMessage(label: string): string {
  return `${label} contains a control character (a text-direction control, for one) or invalid text`;
}
