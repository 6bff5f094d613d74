import { INCORRECT_PASSWORD } from "../../../common/session";
import { MESSAGES } from "../../../common/updates";

/** Every text the admin page shows for a state or an error (docs/product.md sections 5.1 and 8). */
export const TEXT = {
  pageTitle: "Site updates",
  incorrectPassword: INCORRECT_PASSWORD,
  titleAndSummaryRequired: MESSAGES.titleAndSummaryRequired,
  summaryTooLong: MESSAGES.summaryTooLong,
  saveFailed: "Failed to save update",
  deleteFailed: "Failed to delete update",
  statusFailed: "Failed to update status",
  featuredFailed: "Failed to update featured status",
  confirmDelete: "Are you sure you want to delete this update?",
  loadingUpdates: "Loading updates...",
  checkingSession: "Checking your session…",
  sessionEnded: "Your session has ended. Enter the password to unlock the page again.",
  logoutFailed: "Failed to log out. Please try again.",
  noUpdates: "No updates yet. Create the first one with the form.",
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
