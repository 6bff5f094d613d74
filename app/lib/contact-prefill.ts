/**
 * The route state that carries a prefilled message to the contact screens.
 *
 * Services' Inquire buttons navigate to the contact form with `contactPrefillState(message)`;
 * the contact screens read it back with `usePrefilledMessage()`. The shape is defined here
 * only, so both sides agree.
 */
import { useEffect, useState } from "react";
import { useLocation } from "react-router";

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

/**
 * The prefilled message in the current location's route state. Read after mounting, never
 * during the first render: the server-rendered HTML has an empty form, and hydration must match it
 * even when the browser restores a history entry that carries a message (reload, back).
 */
export function usePrefilledMessage(): string | undefined {
  const { state } = useLocation();
  const [message, setMessage] = useState<string | undefined>(undefined);
  useEffect(() => {
    setMessage(readPrefilledMessage(state));
  }, [state]);
  return message;
}
