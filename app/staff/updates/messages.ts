import { MESSAGES } from "#common/updates";

/** Every text the updates page shows for a state or an error (docs/product.md sections 5.1 and 8). */
export const TEXT = {
  titleAndSummaryRequired: MESSAGES.titleAndSummaryRequired,
  summaryTooLong: MESSAGES.summaryTooLong,
  saveFailed: "Failed to save update",
  deleteFailed: "Failed to delete update",
  statusFailed: "Failed to update status",
  featuredFailed: "Failed to update featured status",
  confirmDelete: "Are you sure you want to delete this update?",
  loadingUpdates: "Loading updates...",
  noUpdates: "No updates yet. Create the first one with the form.",
} as const;
