import { createContext } from "react-router";
import type { PublicFormState } from "../../common/public-forms";

/**
 * The state the server renders a public form in (common/public-forms.ts): set for one render
 * by server/render/ when it answers a form post or Inquire's link, read by the form routes'
 * loaders. Null for the ordinary page.
 */
export const formStateContext = createContext<PublicFormState | null>(null);

interface ContextReader {
  get: (context: typeof formStateContext) => PublicFormState | null;
}

/** The form state in a loader's context, or null (no server, or the ordinary page). */
export function readFormState(context: unknown): PublicFormState | null {
  if (typeof context !== "object" || context === null) return null;
  const reader = context as Partial<ContextReader>;
  if (typeof reader.get !== "function") return null;
  try {
    return reader.get(formStateContext);
  } catch {
    return null;
  }
}
