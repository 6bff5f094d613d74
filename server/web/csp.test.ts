import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  STRICT_CSP,
  inlineScriptHashes,
  inlineScripts,
  inlineStyleHashes,
  inlineStyles,
  pageCsp,
  scriptHashSource,
} from "./csp.js";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("inlineScripts", () => {
  it("finds scripts without src, whatever their attributes or case", () => {
    const html =
      '<script>a()</script><script src="/x.js"></script><script type="module" async="">b()</script>' +
      '<SCRIPT data-note="1>0">c()</SCRIPT ><script id="_R_">d()</script>';
    expect(inlineScripts(html)).toEqual(["a()", "b()", "c()", "d()"]);
  });

  it("skips JSON data blocks, which the browser never executes", () => {
    expect(
      inlineScripts(
        '<script type="application/json" data-island-props="">{"a":1}</script>' +
          "<script type='application/json'>{}</script><script type=application/json>[]</script>" +
          '<script type="module">m()</script><script type="application/jsonx">x()</script>',
      ),
    ).toEqual(["m()", "x()"]);
  });

  it("skips empty scripts and scripts loaded from a URL", () => {
    expect(inlineScripts('<script></script><script async src="/a.js">x</script>')).toEqual([]);
  });

  it("normalises CRLF and CR to LF like the HTML parser", () => {
    expect(inlineScripts("<script>a\r\nb\rc</script>")).toEqual(["a\nb\nc"]);
  });

  it("keeps the exact text, spaces and newlines included", () => {
    expect(inlineScripts("<script>\n  x = 1;\n</script>")).toEqual(["\n  x = 1;\n"]);
  });
});

describe("inlineStyles", () => {
  it("finds every non-empty style element, whatever its attributes or case", () => {
    const html =
      '<style>a{color:red}</style><style></style><STYLE data-note="1>0">b{}</STYLE >' +
      '<link rel="stylesheet" href="/x.css"><p style="c:d">x</p>';
    expect(inlineStyles(html)).toEqual(["a{color:red}", "b{}"]);
  });

  it("normalises CRLF and CR to LF like the HTML parser", () => {
    expect(inlineStyles("<style>a{}\r\nb{}\rc{}</style>")).toEqual(["a{}\nb{}\nc{}"]);
  });

  it("lists each distinct hash once, in order", () => {
    expect(inlineStyleHashes("<style>a{}</style><style>b{}</style><style>a{}</style>")).toEqual([
      sha("a{}"),
      sha("b{}"),
    ]);
  });
});

describe("hashes and policies", () => {
  it("hashes the UTF-8 text with SHA-256 in base64", () => {
    expect(scriptHashSource("café()")).toBe(sha("café()"));
  });

  it("lists each distinct hash once, in order", () => {
    expect(
      inlineScriptHashes("<script>a()</script><script>b()</script><script>a()</script>"),
    ).toEqual([sha("a()"), sha("b()")]);
  });

  it("builds a page policy with the page's hashes and no unsafe-inline scripts", () => {
    const csp = pageCsp("<script>go()</script>", { https: false });
    expect(csp).toContain(`script-src 'self' ${sha("go()")};`);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    for (const directive of [
      "default-src 'self'",
      "img-src 'self' data: https:",
      "media-src 'self'",
      "font-src 'self'",
      "connect-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toContain("upgrade-insecure-requests");
  });

  it("allows the page's inline styles by hash and never 'unsafe-inline' styles", () => {
    const csp = pageCsp("<style>p{margin:0}</style><script>go()</script>", { https: false });
    expect(csp).toContain(`style-src 'self' ${sha("p{margin:0}")};`);
    expect(csp).not.toContain("'unsafe-inline'");
    expect(pageCsp("<p>hi</p>", { https: false })).toContain("style-src 'self';");
  });

  it("adds upgrade-insecure-requests over HTTPS only", () => {
    expect(pageCsp("", { https: true })).toMatch(/; upgrade-insecure-requests$/);
  });

  it("gives a page without inline scripts only 'self'", () => {
    expect(pageCsp("<p>hi</p>", { https: false })).toContain("script-src 'self';");
  });

  it("has a strict policy for JSON", () => {
    expect(STRICT_CSP).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});
