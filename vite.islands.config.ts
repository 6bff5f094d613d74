import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import { reactAsEsModules } from "./scripts/react-as-es-modules";

/**
 * Drops the CSS files the island build would write: every public page already carries its CSS
 * inline (docs/decisions/013), so a stylesheet fetched for an island would only repeat it. The
 * CSS modules are still compiled, so the class names in the islands' code are the ones the
 * server build put in the page's HTML and CSS (same files, same names).
 */
function dropIslandCss(): Plugin {
  return {
    name: "drop-island-css",
    enforce: "post",
    // After Vite's CSS plugin has noted each chunk's stylesheets and before the preload lists
    // are written from those notes: no chunk names a stylesheet, so none is fetched.
    renderChunk(_code, chunk) {
      chunk.viteMetadata?.importedCss.clear();
      return null;
    },
    generateBundle(_options, bundle) {
      for (const name of Object.keys(bundle)) if (name.endsWith(".css")) delete bundle[name];
    },
  };
}

/** Vite's id for the helper it wraps around every dynamic import in a client build. */
const PRELOAD_HELPER_ID = "\0vite/preload-helper.js";

/**
 * Replaces Vite's preload helper with one that only runs the import. The helper adds
 * `<link rel=modulepreload>` for a chunk's dependencies and its CSS before importing it, but
 * every island chunk's one dependency (the start chunk) is already loaded when an island is
 * imported, and the islands have no CSS of their own (above): its 0.7 KiB of gzip did nothing on
 * any page (docs/decisions/036). The one-line helper lives in the entry chunk, which is also the
 * shared chunk (below), so it costs no request of its own.
 */
function plainDynamicImports(): Plugin {
  return {
    name: "plain-dynamic-imports",
    enforce: "pre",
    load(id) {
      if (id === PRELOAD_HELPER_ID) return "export const __vitePreload = (load) => load();";
      return null;
    },
  };
}

/**
 * V8's explicit compile hint (Chromium 136 and later; other engines read a comment): compile
 * every function of the file eagerly, on the background thread that streams the script in,
 * instead of each one lazily on the main thread the first time it runs. Nearly everything in
 * the island chunks runs at once (React's hydration, the island), and compiling it lazily made
 * hydration one long task on a slow phone (docs/decisions/053). Added once the chunk is
 * minified, which drops comments, and before the build is written and compressed.
 */
const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

function compileHints(): Plugin {
  return {
    name: "compile-hints",
    enforce: "post",
    generateBundle: {
      // After Vite's own generateBundle, which puts its list of dynamic imports' dependencies
      // on the first line: the hint covers what follows it, so it goes first.
      order: "post",
      handler(_options, bundle) {
        for (const file of Object.values(bundle)) {
          if (file.type === "chunk" && !file.code.startsWith(COMPILE_HINT)) {
            file.code = COMPILE_HINT + file.code;
          }
        }
      },
    },
  };
}

/** Modules that go into the start chunk (see manualChunks below). */
const SHARED_CODE = [
  /\/node_modules\//,
  // The entry too, so the entry is this chunk: one file, requested after the page has painted.
  /\/app\/islands\//,
  /\/app\/lib\//,
  /\/app\/components\/icons\./,
  /\/app\/components\/CarouselSlides\./,
];

// The public pages' island scripts (docs/decisions/024): one small entry and one chunk per
// island, built beside React Router's client build (which stays for the staff pages). The
// manifest tells the server which file a page's islands need.
export default defineConfig({
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "#common": fileURLToPath(new URL("./common", import.meta.url)),
    },
  },
  base: "/islands/",
  plugins: [reactAsEsModules(), dropIslandCss(), plainDynamicImports(), compileHints()],
  build: {
    outDir: "build/client/islands",
    emptyOutDir: true,
    manifest: true,
    assetsInlineLimit: 0,
    rollupOptions: {
      input: fileURLToPath(new URL("./app/islands/entry.client.ts", import.meta.url)),
      output: {
        // React, React DOM, the hydration code and the helpers several islands share travel in
        // one chunk with the entry: every page with an island needs them, and each extra file
        // costs a request and its own gzip header. What is left per island is its own component.
        // The entry is requested only once the page has painted (docs/decisions/043).
        manualChunks: (id) => (SHARED_CODE.some((pattern) => pattern.test(id)) ? "start" : null),
      },
    },
  },
});
