import { describe, expect, it } from "vitest";
import { inlineStylesheets } from "./inline-css.js";

const CSS: Record<string, string> = {
  "/assets/root.css": "body{margin:0}\n",
  "/assets/page.css": "._a_1{color:red}",
};
const cssOf = (href: string) => {
  const text = CSS[href];
  if (text === undefined) throw new Error(`unknown ${href}`);
  return text;
};

const head = (links: string) =>
  `<!DOCTYPE html><html><head><title>t</title><link rel="icon" href="/favicon.svg"/>${links}</head><body><p>x</p>`;
const LINKS =
  '<link rel="stylesheet" href="/assets/root.css"/><link rel="stylesheet" href="/assets/page.css"/>';
const MODULE_SCRIPT = '<script type="module">import("/assets/entry.js")</script></body></html>';

describe("inlineStylesheets", () => {
  it("puts a static page's stylesheets into one <style>, in order, and drops the links", () => {
    const result = inlineStylesheets(`${head(LINKS)}</body></html>`, cssOf);
    expect(result.hydrates).toBe(false);
    expect(result.inlined).toEqual(["/assets/root.css", "/assets/page.css"]);
    expect(result.html).toBe(
      `${head("<style>body{margin:0}\n._a_1{color:red}</style>")}</body></html>`,
    );
  });

  it("keeps a hydrating page's links, disabled, for React to hydrate onto", () => {
    const result = inlineStylesheets(`${head(LINKS)}${MODULE_SCRIPT}`, cssOf);
    expect(result.hydrates).toBe(true);
    expect(result.html).toBe(
      head(
        "<style>body{margin:0}\n._a_1{color:red}</style>" +
          '<link rel="stylesheet" href="/assets/root.css" disabled=""/>' +
          '<link rel="stylesheet" href="/assets/page.css" disabled=""/>',
      ) + MODULE_SCRIPT,
    );
  });

  it("leaves other links, other origins and media-specific stylesheets alone", () => {
    const links =
      '<link rel="modulepreload" href="/assets/x.js"/>' +
      '<link rel="stylesheet" href="https://cdn.example/x.css"/>' +
      '<link rel="stylesheet" href="//cdn.example/y.css"/>' +
      '<link rel="stylesheet" media="print" href="/assets/print.css"/>';
    const html = `${head(links)}</body></html>`;
    expect(inlineStylesheets(html, cssOf)).toEqual({ html, inlined: [], hydrates: false });
  });

  it("inlines a stylesheet linked twice once", () => {
    const twice = '<link href="/assets/root.css" rel="stylesheet">'.repeat(2);
    const result = inlineStylesheets(`${head(twice)}</body></html>`, cssOf);
    expect(result.html).toBe(`${head("<style>body{margin:0}</style>")}</body></html>`);
  });

  it("refuses CSS that would end the <style> element, and a page inlined twice", () => {
    expect(() =>
      inlineStylesheets(head('<link rel="stylesheet" href="/x.css">'), () => "a{}</style><p>"),
    ).toThrow(/<\/style/);
    const once = inlineStylesheets(`${head(LINKS)}${MODULE_SCRIPT}`, cssOf).html;
    expect(() => inlineStylesheets(once, cssOf)).toThrow(/already disabled/);
  });
});
