import { randomBytes } from "node:crypto";

// The inline scripts a rendered page may run are the ones the app wrote, not whatever the HTML
// happens to contain (docs/decisions/026). The app puts the render's mark on each of them as
// its nonce (app/lib/render-mark.ts); here the marked ones are collected and the mark removed.
// The page's policy then allows exactly these by hash: a page is rendered once and served many
// times from memory (decision 016), so a real per-response nonce is not an option.

/** A fresh unguessable mark for one render. */
export function newRenderMark(): string {
  return randomBytes(18).toString("base64url");
}

// <script ...attributes>body</script>; attribute values may contain '>' inside quotes.
const SCRIPT_RE = /<script\b((?:[^>"']|"[^"]*"|'[^']*')*)>([\s\S]*?)<\/script\s*>/gi;

/**
 * Removes `nonce="<mark>"` from the page's scripts and returns the texts of the inline scripts
 * that carried it, as the browser hashes them (CRLF and CR read as LF).
 */
export function takeMarkedScripts(html: string, mark: string): { html: string; scripts: string[] } {
  const scripts: string[] = [];
  const attribute = ` nonce="${mark}"`;
  const page = html.replace(SCRIPT_RE, (whole, attributes: string, body: string) => {
    if (!attributes.includes(attribute)) return whole;
    if (body.length > 0) scripts.push(body.replace(/\r\n?/g, "\n"));
    return `<script${attributes.replace(attribute, "")}>${body}</script>`;
  });
  return { html: page, scripts };
}
