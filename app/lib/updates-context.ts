import { createContext } from "react-router";
import type { SiteUpdate } from "#common/updates";

/**
 * Every published update, newest `published_at` first, for /updates and its Atom feed: set by
 * the server for each render (server/render/, like `featuredContext`). Null where no server sets
 * it (build-time checks): the pages then list none.
 */
export const publishedUpdatesContext = createContext<readonly SiteUpdate[] | null>(null);

interface ContextReader {
  get: (context: typeof publishedUpdatesContext) => readonly SiteUpdate[] | null;
}

/** The published updates from a loader's context; none when the server gave none. */
export function publishedUpdates(context: unknown): readonly SiteUpdate[] {
  const reader = context as Partial<ContextReader> | null;
  return (typeof reader?.get === "function" ? reader.get(publishedUpdatesContext) : null) ?? [];
}
