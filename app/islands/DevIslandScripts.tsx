/**
 * Under `npm run dev` the pages are rendered by Vite's dev server (React Router's plugin), not by
 * the built server that adds the island build's entry (server/render/island-entry.ts), so without
 * these scripts no island hydrated in development (docs/decisions/036). Vite serves the entry
 * from its source. React Router's plugin compiles every component in app/ with React Refresh's
 * registration, which throws unless its preamble ran first: the first script installs it (as
 * React Router's own `<Scripts/>` does on the staff pages). Module scripts run in document order,
 * so the preamble is in place before the entry hydrates (in development the entry is named
 * directly, not added after the largest paint as in production: docs/decisions/043).
 * Rendered on every public page in development only (a page without an island hydrates nothing);
 * a production build drops this component (`import.meta.env.DEV` is false there).
 */
export const DEV_PREAMBLE_URL = "/@id/__x00__virtual:react-router/inject-hmr-runtime";
export const DEV_ISLAND_ENTRY_URL = "/app/islands/entry.client.ts";

export function DevIslandScripts() {
  return (
    <>
      <script type="module" src={DEV_PREAMBLE_URL} />
      <script type="module" src={DEV_ISLAND_ENTRY_URL} />
    </>
  );
}
