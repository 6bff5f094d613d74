import { seedSnapshot, type ContentSnapshot } from "#common/content/snapshot";
import { contentContext } from "./context";

interface ContextReader {
  get: (context: typeof contentContext) => ContentSnapshot | null;
}

function isContextReader(context: unknown): context is ContextReader {
  return (
    typeof context === "object" &&
    context !== null &&
    typeof (context as Partial<ContextReader>).get === "function"
  );
}

/**
 * The content a loader renders from: the snapshot the server put into React Router's context,
 * or the seeded default when there is none (the build's render check, tests). Loaders run on the
 * server or at build time only, so the seed never ships to browsers through this.
 */
export function loadContent(context: unknown): ContentSnapshot {
  return (isContextReader(context) ? context.get(contentContext) : null) ?? seedSnapshot();
}
