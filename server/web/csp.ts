import { createHash } from "node:crypto";

/**
 * Content-Security-Policy values. HTML pages allow scripts and styles from our own origin plus
 * the exact inline scripts and styles the build wrote into that page (by SHA-256 hash, never
 * 'unsafe-inline').
 */

/** For JSON and other non-document responses: nothing may load, nothing may frame it. */
export const STRICT_CSP = "default-src 'none'; frame-ancestors 'none'";

/** For SVG images opened directly: they may style themselves but never run scripts. */
export const SVG_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'";

// <script ...attributes>body</script>; attribute values may contain '>' inside quotes.
const SCRIPT_RE = /<script\b((?:[^>"']|"[^"]*"|'[^']*')*)>([\s\S]*?)<\/script\s*>/gi;
const SRC_ATTR_RE = /(?:^|\s)src\s*=/i;
// <style ...attributes>body</style>: the page's critical CSS (server/render/inline-css.ts).
const STYLE_RE = /<style\b((?:[^>"']|"[^"]*"|'[^']*')*)>([\s\S]*?)<\/style\s*>/gi;

/** The HTML parser turns CRLF and lone CR into LF before the browser hashes an element's text. */
const parsedText = (body: string) => body.replace(/\r\n?/g, "\n");

/**
 * The text of every inline script (one without a `src` attribute) of an HTML document, as the
 * browser sees it: the HTML parser turns CRLF and lone CR into LF before hashing.
 */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const match of html.matchAll(SCRIPT_RE)) {
    const attributes = match[1] ?? "";
    const body = match[2] ?? "";
    if (SRC_ATTR_RE.test(attributes) || body.length === 0) continue;
    scripts.push(parsedText(body));
  }
  return scripts;
}

/** The text of every non-empty <style> element of an HTML document, as the browser hashes it. */
export function inlineStyles(html: string): string[] {
  return [...html.matchAll(STYLE_RE)]
    .map((match) => parsedText(match[2] ?? ""))
    .filter((body) => body.length > 0);
}

/** The CSP source expression for a script or style text: `'sha256-<base64>'`. */
export function scriptHashSource(script: string): string {
  return `'sha256-${createHash("sha256").update(script, "utf8").digest("base64")}'`;
}

/** The distinct hash sources of a document's inline scripts, in order of first appearance. */
export function inlineScriptHashes(html: string): string[] {
  return [...new Set(inlineScripts(html).map(scriptHashSource))];
}

/** The distinct hash sources of a document's <style> elements, in order of first appearance. */
export function inlineStyleHashes(html: string): string[] {
  return [...new Set(inlineStyles(html).map(scriptHashSource))];
}

/** The document's <head>: the renderer puts its <style> there; content is rendered in the body. */
function headOf(html: string): string {
  const end = html.search(/<\/head\s*>|<body\b/i);
  return end === -1 ? html : html.slice(0, end);
}

/**
 * The policy for one HTML page. `scripts` are the inline scripts it allows (a rendered page's:
 * the ones the app wrote, server/render/render-mark.ts); without it, every inline script of the
 * document (built files, which hold no content). Styles: the <style> elements of the <head>.
 */
export function pageCsp(
  html: string,
  options: { https: boolean; scripts?: readonly string[] },
): string {
  const scriptHashes = options.scripts
    ? [...new Set(options.scripts.map(scriptHashSource))]
    : inlineScriptHashes(html);
  const scriptSrc = ["'self'", ...scriptHashes].join(" ");
  const styleSrc = ["'self'", ...inlineStyleHashes(headOf(html))].join(" ");
  const directives = [
    "default-src 'self'",
    `script-src ${scriptSrc}`,
    // No style attributes in the served HTML: React sets styles through the CSSOM, which CSP
    // does not restrict.
    `style-src ${styleSrc}`,
    // Staff may give a featured update an image hosted elsewhere (https only).
    "img-src 'self' data: https:",
    "media-src 'self'",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  if (options.https) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}
