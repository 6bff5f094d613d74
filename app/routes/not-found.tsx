import { data } from "react-router";

/**
 * Any path no other route matches. Its loader answers 404, so the root's error screen shows it
 * (app/root.tsx ErrorBoundary) with the root loader's content: the site's header, footer and
 * links home, to the events and to contact, under the spec's heading.
 */
export function loader() {
  throw data(null, { status: 404, statusText: "Not Found" });
}

export default function NotFound() {
  return null;
}
