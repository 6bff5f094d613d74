/**
 * Which characters text input may hold (docs/product.md section 10). NUL, the other C0 controls, DEL and the
 * C1 controls are refused everywhere; multi-line text (a message, a summary) keeps tab, line feed
 * and carriage return. Unpaired UTF-16 surrogates are refused too: they are not text, and each
 * database would store something other than what was sent.
 *
 * zod-free on purpose: the public forms import it without pulling zod into their bundles.
 */
/* eslint-disable no-control-regex -- these patterns exist to find control characters */
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001f\u007f-\u009f]/;
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/* eslint-enable no-control-regex */

export interface CleanTextOptions {
  /** Tab, line feed and carriage return are allowed (text areas). */
  multiline?: boolean;
}

/** True when `value` holds no control character (beyond those `multiline` allows) and is valid UTF-16. */
export function isCleanText(value: string, options: CleanTextOptions = {}): boolean {
  const forbidden = options.multiline ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN;
  return !forbidden.test(value) && !LONE_SURROGATE.test(value);
}

/** The 400 message for text with a control character, e.g. "Title contains a control character". */
export function controlCharacterMessage(label: string): string {
  return `${label} contains a control character or invalid text`;
}
