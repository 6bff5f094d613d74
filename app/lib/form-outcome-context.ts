import { createContext } from "react-router";
import type { FormOutcome, InquireRequest } from "#common/form-outcome";

/**
 * The outcome of a form posted without JavaScript, set by the server for the one answer that
 * shows it (server/render/page-routes.ts, decision 023); null on every other render. Re-exported
 * by entry.server.tsx, where the server finds it.
 */
export const formOutcomeContext = createContext<FormOutcome | null>(null);

/** The outcome in a loader's context (null without one, or when nobody set the context). */
export function loadFormOutcome(context: unknown): FormOutcome | null {
  if (typeof context !== "object" || context === null || !("get" in context)) return null;
  try {
    return (context as { get: (c: typeof formOutcomeContext) => FormOutcome | null }).get(
      formOutcomeContext,
    );
  } catch {
    return null;
  }
}

/**
 * Set when the contact page was asked with `?inquire` (the services pages' Inquire link): the
 * Message is rendered prefilled and the course named, without JavaScript too. Set by the server
 * (decision 023), with the course only when a published course has that number.
 */
export const inquireContext = createContext<InquireRequest | null>(null);

/** The Inquire a loader renders the contact page for, or null for the plain page. */
export function loadInquire(context: unknown): InquireRequest | null {
  if (typeof context !== "object" || context === null || !("get" in context)) return null;
  try {
    return (context as { get: (c: typeof inquireContext) => InquireRequest | null }).get(
      inquireContext,
    );
  } catch {
    return null;
  }
}
