/**
 * The audit log's actions and how the staff pages name them (docs/product.md 5.0, decision 028).
 * Zod-free: the audit page reads it; the query schema is in audit-schemas.ts.
 */
export const AUDIT_ACTION_LABELS = {
  "sign-in": "Signed in",
  "sign-in.failed": "Failed sign-in",
  "sign-out": "Signed out",
  "account.setup": "Created the owner account",
  "content.create": "Created content",
  "content.save": "Saved a draft",
  "content.reorder": "Reordered content",
  "content.publish": "Published content",
  "content.schedule": "Scheduled a publish",
  "content.unschedule": "Cancelled a scheduled publish",
  "content.discard": "Discarded a draft",
  "content.restore": "Restored a revision",
  "content.delete": "Deleted content",
  "update.create": "Created an update",
  "update.change": "Changed an update",
  "update.delete": "Deleted an update",
  "media.upload": "Uploaded an image",
  "media.delete": "Deleted an image",
  "redirect.create": "Added a redirect",
  "redirect.delete": "Removed a redirect",
  "message.retry": "Retried a message",
  "message.spam": "Marked or unmarked spam",
  "subscribers.export": "Exported SMS subscribers",
  "consent-history.export": "Exported the consent history",
  "audit.export": "Exported the audit log",
  "text.send": "Sent a text",
  "text.schedule": "Scheduled a text",
  "text.cancel": "Cancelled a text",
  "sms-settings.change": "Changed the texts' sending hours",
  "reminder.on": "Switched an event's text reminder on",
  "reminder.off": "Switched an event's text reminder off",
  "reminder.change": "Changed an event's text reminder",
  "invitation.create": "Invited someone",
  "invitation.revoke": "Revoked an invitation",
  "invitation.accept": "Accepted an invitation",
  "account.role": "Changed a role",
  "account.deactivate": "Deactivated an account",
  "account.reactivate": "Reactivated an account",
  "account.remove": "Removed an account",
  "account.rename": "Changed their name",
  "password.change": "Changed their password",
  "account.email": "Changed their email",
  "sessions.end": "Signed out everywhere",
  "session.end": "Ended one of their sessions",
  "sessions.end-others": "Ended their other sessions",
  "password.reset-request": "Asked for a password reset",
  "password.reset": "Reset a password",
  "totp.begin": "Began adding an authenticator app",
  "totp.add": "Added an authenticator app",
  "totp.remove": "Removed an authenticator app",
  "passkey.begin": "Began adding a passkey",
  "passkey.add": "Added a passkey",
  "passkey.remove": "Removed a passkey",
  "recovery-codes.renew": "Made new recovery codes",
  "recovery-code.use": "Used a recovery code",
  "factors.policy": "Changed who needs a second factor",
  "factors.reset": "Removed an account's second factors on the server",
} as const;

export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as AuditAction[];

/** Entries are kept this long, then purged (design: one year). */
export const AUDIT_RETENTION_DAYS = 365;
export const AUDIT_PAGE_DEFAULT = 50;
export const AUDIT_PAGE_MAX = 200;

export interface AuditEntry {
  id: string;
  at: string;
  accountId: string | null;
  /** The email of who acted, or the email a failed sign-in tried. */
  actor: string | null;
  action: AuditAction;
  target: string | null;
  detail: string | null;
  clientAddress: string | null;
}

export interface AuditPage {
  entries: AuditEntry[];
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextBefore: string | null;
}
