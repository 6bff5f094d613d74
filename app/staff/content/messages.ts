import { formatStaffTime } from "~/lib/date-format";

/** Every text of the content pages that staff read (docs/product.md section 5.4). */
export const EDITOR_TEXT = {
  saveDraft: "Save draft",
  saving: "Saving…",
  preview: "Preview",
  previewHelp:
    "Preview opens the public page with every saved draft, in a new tab, for staff only. Save first to see your latest changes.",
  publishNow: "Publish now",
  publishing: "Publishing…",
  discardDraft: "Discard draft",
  discarding: "Discarding…",
  confirmDiscard:
    "Discard the draft? The editor goes back to the published version; your unpublished changes are lost.",
  draftDiscarded: "Draft discarded. The editor shows the published version again.",
  discardFailed: "Failed to discard the draft. Please try again.",
  lastPublished: "Last published",
  publishAt: "Publish at",
  schedule: "Schedule",
  cancelSchedule: "Cancel schedule",
  timeZoneHelp: (zone: string) => `Times are in your time zone, ${zone}.`,
  newEntry: "new entry",
  /** The control that starts a list's new entry: "New event", "New team member". */
  newItem: (itemLabel = "entry") => `New ${itemLabel}`,
  duplicating: "Duplicating…",
  duplicated: (name: string) =>
    `Copied ${name} into a new draft: change what differs (the dates, say), then publish.`,
  duplicateFailed: "Failed to duplicate the entry. Please try again.",
  unsaved: "unsaved changes",
  draftSaved: "Draft saved. The public site still shows the published version.",
  published: "Published. The public site shows it now.",
  scheduled: (at: Date) =>
    `Scheduled: the draft goes live on ${formatStaffTime(at.toISOString())}.`,
  scheduleCancelled: "Schedule cancelled. The draft is kept.",
  scheduleInPast: "Choose a time in the future to schedule the draft.",
  saveFailed: "Failed to save. Please try again.",
  publishFailed: "Failed to publish. Please try again.",
  fieldErrors: (count: number, action: "publishing" | "scheduling") =>
    count === 1
      ? `One field needs attention before ${action}:`
      : `${count} fields need attention before ${action}:`,
  conflictTitle: "Someone else saved this entry first",
  conflictText:
    "Your changes were not saved: this entry changed since you opened it. Your text is still in the form.",
  conflictDiffers: "Fields where your text differs from theirs:",
  loadTheirs: "Load their version (drop my changes)",
  overwrite: "Save mine over theirs",
  loadedTheirs: "Their version is loaded; your changes were dropped.",
  overwritten: "Your version is saved over theirs as the draft.",
  restored: (revision: number) =>
    `Revision ${revision} restored: it is published again, as a new revision.`,
  confirmLeave: "You have unsaved changes. Leave this page and lose them?",
  backToAll: "All content",
  backToList: (label: string) => `All ${label.toLowerCase()}`,
  revisions: "Revisions",
  loadingRevisions: "Loading revisions…",
  revisionsFailed: "Failed to load the revisions.",
  confirmRestore: (revision: number) =>
    `Restore revision ${revision}? It is published at once as a new revision; your draft is kept.`,
  restoreFailed: "Failed to restore the revision.",
  loading: "Loading…",
  loadFailed: "Failed to load the content. Please try again.",
  problemsHeading: "Content this version of the site cannot read",
  problemKept:
    "The public pages show its last version that could be read. Open it, check it and publish it again.",
  problemLeftOut:
    "It is left out of the public pages until it is fixed. Open it, fix it and publish it again.",
  confirmDelete: (name: string) =>
    `Delete ${name}? It leaves the public site at once; its revisions are kept, so it can be restored.`,
  deleted: (name: string) => `${name} deleted.`,
  deleteFailed: "Failed to delete the entry.",
  reorderFailed: "Failed to move the entry.",
  unknownCollection: "There is no such content collection.",
  unknownEntry: "There is no such entry.",
} as const;
