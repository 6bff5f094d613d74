import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

// The public pages' island scripts (docs/decisions/024): one small entry and one chunk per
// island, built beside React Router's client build (which stays for the staff pages). The
// manifest tells the server which file a page's islands need.
export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  base: "/islands/",
  build: {
    outDir: "build/client/islands",
    emptyOutDir: true,
    manifest: true,
    assetsInlineLimit: 0,
    rollupOptions: {
      input: fileURLToPath(new URL("./app/islands/entry.client.ts", import.meta.url)),
    },
  },
});
