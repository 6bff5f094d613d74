import { INCORRECT_PASSWORD } from "#common/session";

/** Every text the staff shell shows for a state or an error (docs/product.md sections 5 and 8). */
export const SHELL_TEXT = {
  incorrectPassword: INCORRECT_PASSWORD,
  checkingSession: "Checking your session…",
  restoringSession: "Restoring your session…",
  unlockHeading: "Unlock the staff pages",
  sessionEnded: "Your session has ended. Enter the password to unlock the page again.",
  logoutFailed: "Failed to log out. Please try again.",
  forgotPassword: "Forgot your password?",
  passkeySignIn: "Sign in with a passkey",
  notForRole: (role: string) =>
    `This page is not open to your role (${role}). The navigation lists the pages you can use.`,
} as const;

function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

/** The message for a 429 answer to a login attempt. */
export function tooManyAttemptsMessage(retryAfterSeconds: number | null): string {
  return retryAfterSeconds === null
    ? "Too many failed attempts. Please wait a few minutes and try again."
    : `Too many failed attempts. Try again in ${formatWait(retryAfterSeconds)}.`;
}
