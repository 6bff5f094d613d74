import { ENTRY_ID } from "../../common/content-api.js";
import { isCollectionName } from "../../common/content/collections.js";

/*
 * A preview says what it is (docs/product.md 5.4, decision 030): a banner above the page,
 * "Preview: draft changes, not yet public", with a link back to the editor. It is added to the
 * preview's HTML only; the public answer of the same page is never touched. Its style goes in
 * the <head>, where the page's policy hashes inline styles (server/web/csp.ts). A preview stays
 * at the width it names (the width rule skips `?preview`, static-page-script.ts), so the banner
 * of a -desktop or -mobile page also links to the other width's preview: staff on a phone can
 * see the desktop page they are editing, and the other way round.
 */

export const PREVIEW_BANNER_TEXT = "Preview: draft changes, not yet public";

/**
 * The editor a preview came from, from `?preview=<collection>` or `?preview=<collection>/<id>`
 * (the editor's Preview link); anything else leads to the content overview.
 */
export function editorPathOf(value: string | null | undefined): string {
  const [collection, id, ...rest] = (value ?? "").split("/");
  if (!collection || !isCollectionName(collection) || rest.length > 0) return "/admin/content";
  if (id === undefined) return `/admin/content/${collection}`;
  return ENTRY_ID.test(id) ? `/admin/content/${collection}/${id}` : `/admin/content/${collection}`;
}

/** Where a preview's banner links: its editor, and for a page in two widths, the other width. */
export interface PreviewLinks {
  readonly editor: string;
  readonly otherWidth?: { readonly href: string; readonly label: string };
}

/** The banner's links for the page at `path` previewed with `?preview=<value>`. */
export function previewLinksOf(path: string, value: string | null | undefined): PreviewLinks {
  const editor = editorPathOf(value);
  const variant = /^(\/.+)-(desktop|mobile)$/.exec(path);
  if (!variant) return { editor };
  const other = variant[2] === "desktop" ? "mobile" : "desktop";
  // The editor path is checked above: only a collection name and an entry id go back out.
  const previewed = editor.slice("/admin/content/".length);
  return {
    editor,
    otherWidth: {
      href: `${variant[1]}-${other}?preview=${previewed}`,
      label: `See the ${other} page`,
    },
  };
}

const STYLE =
  ".preview-banner{position:sticky;top:0;z-index:1000;margin:0;padding:.5rem 1rem;" +
  "background:#1d2433;color:#fff;font:600 1rem/1.4 system-ui,sans-serif;text-align:center}" +
  ".preview-banner a{color:#fff;text-decoration:underline;margin-left:.5rem}" +
  ".preview-banner a:focus-visible{outline:3px solid #fff;outline-offset:2px}";

/** The page's HTML with the banner first in its body; unchanged when it has no <body>. */
export function withPreviewBanner(html: string, links: PreviewLinks): string {
  const body = /<body\b[^>]*>/i.exec(html);
  const head = html.indexOf("</head>");
  if (!body || head < 0 || head > body.index) return html;
  const banner =
    `<aside class="preview-banner" aria-label="Preview">${PREVIEW_BANNER_TEXT}.` +
    `<a href="${links.editor}">Back to the editor</a>` +
    (links.otherWidth ? `<a href="${links.otherWidth.href}">${links.otherWidth.label}</a>` : "") +
    `</aside>`;
  const afterBody = body.index + body[0].length;
  return (
    html.slice(0, head) +
    `<style>${STYLE}</style>` +
    html.slice(head, afterBody) +
    banner +
    html.slice(afterBody)
  );
}
