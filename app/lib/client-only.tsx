/**
 * Staff pages are rendered in the browser only, as before server rendering (docs/decisions/016):
 * a route module re-exports these three, so the server sends the page shell with "Loading…"
 * and React Router's scripts, and the browser renders the page once its code has loaded.
 * `clientLoader.hydrate` is what tells React Router to render `HydrateFallback` on the server.
 */
import { hydratedRoute } from "./hydration";

export async function clientLoader(): Promise<null> {
  return null;
}
clientLoader.hydrate = true as const;

/** The staff pages always load React Router's client. */
export const handle = hydratedRoute;

/** Shown while a client-only page loads its code. */
export function HydrateFallback() {
  return (
    <main id="main" className="hydrate-fallback">
      <p>Loading…</p>
    </main>
  );
}
