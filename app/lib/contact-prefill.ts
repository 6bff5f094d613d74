/**
 * The route state that carries a prefilled message to the contact screens.
 *
 * Services' Inquire buttons navigate to the contact form with `contactPrefillState(message)`;
 * the contact screens read it back with `readPrefilledMessage(location.state)`. The shape is
 * defined here only, so both sides agree.
 */

export const PREFILLED_MESSAGE_KEY = "prefilledMessage";

export interface ContactPrefillState {
  [PREFILLED_MESSAGE_KEY]: string;
}

/** The route state to navigate with so the contact form's Message starts as `message`. */
export function contactPrefillState(message: string): ContactPrefillState {
  return { [PREFILLED_MESSAGE_KEY]: message };
}

/**
 * The prefilled message carried by a route state, or undefined. Route state comes from history
 * and may be anything (or null), so it is checked, not trusted.
 */
export function readPrefilledMessage(state: unknown): string | undefined {
  if (typeof state !== "object" || state === null) return undefined;
  const value = (state as Record<string, unknown>)[PREFILLED_MESSAGE_KEY];
  return typeof value === "string" && value.length > 0 ? value : undefined;
}
