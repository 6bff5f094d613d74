import { describe, expect, it } from "vitest";
import { deferredBootstrap, hydrateAfterLoad } from "./hydrate-after-load.js";

const BOOTSTRAP = `import "/assets/manifest-1.js";
import * as route0 from "/assets/root-2.js";
import * as route1 from "/assets/page-3.js";
  
  window.__reactRouterRouteModules = {"root":route0,"routes/page":route1};

import("/assets/entry.client-4.js");`;

const page = (body: string) =>
  `<html><head><link rel="modulepreload" href="/assets/entry.client-4.js"/><link rel="modulepreload" href="/assets/root-2.js"/><style>p{}</style></head><body><p>x</p><script>window.__reactRouterContext = {};</script>${body}</body></html>`;

describe("hydrateAfterLoad", () => {
  it("moves React Router's bootstrap and module preloads to after the load event", () => {
    const html = hydrateAfterLoad(page(`<script type="module" async="">${BOOTSTRAP}</script>`));
    expect(html).not.toContain('modulepreload" href');
    expect(html).not.toContain('type="module"');
    expect(html).toContain("<script>window.__reactRouterContext = {};</script>");
    expect(html).toContain('addEventListener("load",start,{once:true})');
  });

  it("leaves a page without React Router's client alone", () => {
    const html = "<html><head><style>p{}</style></head><body><script>go()</script></body></html>";
    expect(hydrateAfterLoad(html)).toBe(html);
  });

  it("refuses a bootstrap script of another shape rather than guess", () => {
    expect(() => deferredBootstrap(`${BOOTSTRAP}\nwindow.somethingNew = 1;`, [])).toThrow(
      /unexpected line/,
    );
    expect(() => deferredBootstrap('import "/assets/manifest-1.js";', [])).toThrow(/shape/);
  });

  it("after load, preloads the modules, publishes the route modules, then imports the entry", async () => {
    const script = deferredBootstrap(BOOTSTRAP, ["/assets/entry.client-4.js", "/assets/root-2.js"]);
    const imported: string[] = [];
    const appended: string[] = [];
    const fakeWindow: Record<string, unknown> = {};
    let onLoad: (() => void) | undefined;
    const document = {
      readyState: "interactive",
      createElement: () => ({}) as { rel?: string; href?: string },
      head: { appendChild: (link: { rel: string; href: string }) => appended.push(link.href) },
    };
    const addEventListener = (type: string, listener: () => void) => {
      if (type === "load") onLoad = listener;
    };
    // Dynamic import() cannot be intercepted, so run the text with it renamed to a stub.
    const run = new Function(
      "window",
      "document",
      "addEventListener",
      "importStub",
      script.replace(/\bimport\(/g, "importStub("),
    );
    let entryLoaded!: () => void;
    const done = new Promise<void>((resolve) => (entryLoaded = resolve));
    run(fakeWindow, document, addEventListener, async (href: string) => {
      imported.push(href);
      if (href.includes("entry.client")) entryLoaded();
      return { href };
    });
    expect(imported).toEqual([]);
    onLoad!();
    await done;
    expect(appended).toEqual(["/assets/entry.client-4.js", "/assets/root-2.js"]);
    expect(imported).toEqual([
      "/assets/manifest-1.js",
      "/assets/root-2.js",
      "/assets/page-3.js",
      "/assets/entry.client-4.js",
    ]);
    expect(fakeWindow.__reactRouterRouteModules).toEqual({
      root: { href: "/assets/root-2.js" },
      "routes/page": { href: "/assets/page-3.js" },
    });
  });
});

describe("deferredBootstrap with split route modules", () => {
  it("joins a route's chunks into one module object, as React Router's bootstrap does", () => {
    const script = deferredBootstrap(
      `import "/assets/manifest-1.js";
import * as route0 from "/assets/root-2.js";
import * as route1_clientLoader from "/assets/admin-client-loader-3.js";
import * as route1_main from "/assets/admin-main-4.js";
const route1 = {...route1_clientLoader,...route1_main};
  window.__reactRouterRouteModules = {"root":route0,"admin":route1};
import("/assets/entry.client-5.js");`,
      [],
    );
    expect(script).toContain("route1=Object.assign({},route1_clientLoader,route1_main)");
    expect(script).toContain('window.__reactRouterRouteModules={"root":route0,"admin":route1};');
  });
});
