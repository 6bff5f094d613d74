// Inlines the stylesheets of every rendered page into the page itself (docs/product.md section 12,
// docs/decisions/013 and 016), so no page waits for a stylesheet request before its first paint.
// The server allows each <style> by its SHA-256 hash (server/web/csp.ts). Runs on every page the
// server renders (server/render/finish-page.ts), before the page is compressed and cached.

/** <link ... rel="stylesheet" ... href="/assets/x.css" ...> as React Router's <Links/> writes it. */
const LINK_RE = /<link\b(?:[^>"']|"[^"]*"|'[^']*')*>/gi;
const ATTRIBUTE_RE = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;

/** A page that loads React Router's client (a module script) hydrates; the others never do. */
const HYDRATES_RE = /<script\b[^>]*\btype\s*=\s*["']?module\b/i;

function attributes(tag: string): Map<string, string> {
  const found = new Map<string, string>();
  const inner = tag.replace(/^<link\b/i, "").replace(/\/?>$/, "");
  for (const match of inner.matchAll(ATTRIBUTE_RE)) {
    const name = match[1];
    if (name) found.set(name.toLowerCase(), match[2] ?? match[3] ?? match[4] ?? "");
  }
  return found;
}

export interface InlineResult {
  readonly html: string;
  /** The stylesheets now inside the page, in cascade order. */
  readonly inlined: string[];
  /** Whether the page hydrates (its links stay, disabled, for React Router to find). */
  readonly hydrates: boolean;
}

/**
 * Replaces the page's same-origin stylesheet links with one <style> holding their CSS in the
 * same order, where the first link was. On a page that hydrates, each link stays with a
 * `disabled` attribute: the browser neither fetches nor applies a disabled stylesheet, but
 * React hydrates the <link> that <Links/> renders onto it (it compares rel and href only), and
 * React Router keeps it for as long as its route is matched. A route entered later by
 * client-side navigation gets a new, enabled link, so its CSS still loads.
 */
export function inlineStylesheets(html: string, cssOf: (href: string) => string): InlineResult {
  const hydrates = HYDRATES_RE.test(html);
  const inlined: string[] = [];
  const css: string[] = [];
  let firstLink = -1;
  const rewritten = html.replace(LINK_RE, (tag: string, offset: number) => {
    const attrs = attributes(tag);
    const href = attrs.get("href") ?? "";
    const isStylesheet = (attrs.get("rel") ?? "").toLowerCase().split(/\s+/).includes("stylesheet");
    if (!isStylesheet || !href.startsWith("/") || href.startsWith("//") || attrs.has("media")) {
      return tag;
    }
    if (attrs.has("disabled")) throw new Error(`${href} is already disabled: inlined twice?`);
    const text = cssOf(href);
    if (/<\/style/i.test(text))
      throw new Error(`${href} contains "</style", which would end the element`);
    if (firstLink < 0) firstLink = offset;
    if (!inlined.includes(href)) {
      inlined.push(href);
      css.push(text.trim());
    }
    return hydrates ? `<link rel="stylesheet" href="${href}" disabled=""/>` : "";
  });
  if (inlined.length === 0) return { html, inlined, hydrates };
  // Offsets before the first link are unchanged by the replacement.
  const style = `<style>${css.join("\n")}</style>`;
  return {
    html: rewritten.slice(0, firstLink) + style + rewritten.slice(firstLink),
    inlined,
    hydrates,
  };
}
