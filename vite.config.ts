import { reactRouter } from "@react-router/dev/vite";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";

const apiPort = process.env.API_PORT ?? "3001";

const COMMON_DIR = fileURLToPath(new URL("./common/", import.meta.url));

/**
 * The server build imports `common/` from the API's compiled copy (`build/api/common/`, which
 * `npm run build` compiles next) instead of bundling its own: the page-serving process then
 * holds one copy of the content collections' zod schemas and seeds, not two (decision 031).
 */
function commonFromApiBuild(): Plugin {
  return {
    name: "common-from-api-build",
    // Before Vite's own resolver, which would otherwise resolve (and bundle) the file.
    enforce: "pre",
    apply: "build",
    applyToEnvironment: (environment) => environment.config.consumer === "server",
    async resolveId(source, importer, options) {
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || !resolved.id.startsWith(COMMON_DIR) || !resolved.id.endsWith(".ts")) {
        return null;
      }
      const relative = path.relative(COMMON_DIR, resolved.id).replace(/\.ts$/, ".js");
      // As written from build/server/index.js: the output goes with build/api wherever it goes.
      return { id: `../api/common/${relative.split(path.sep).join("/")}`, external: true };
    },
  };
}

export default defineConfig({
  plugins: [reactRouter(), commonFromApiBuild()],
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "#common": fileURLToPath(new URL("./common", import.meta.url)),
    },
  },
  server: {
    proxy: { "/api": `http://127.0.0.1:${apiPort}` },
  },
  build: {
    // Small inline assets would need CSP exceptions; keep every asset a file.
    assetsInlineLimit: 0,
  },
});
