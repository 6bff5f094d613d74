import { reactRouter } from "@react-router/dev/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const apiPort = process.env.API_PORT ?? "3001";

export default defineConfig({
  plugins: [reactRouter()],
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
