import type { Generated } from "kysely";

/**
 * Column types are chosen to read and write identically on SQLite and PostgreSQL:
 * times are fixed-width ISO-8601 UTC text (sorts correctly as text), booleans are 0/1
 * integers. See docs/decisions/002-portable-column-types.md.
 */
export interface SiteUpdatesTable {
  id: string;
  type: string;
  title: string;
  summary: string;
  url: string | null;
  image_url: string | null;
  status: string;
  featured: number;
  published_at: string;
  created_at: string;
  updated_at: string;
}

export interface AdminSessionsTable {
  /** SHA-256 of the session token; the token itself is never stored. */
  id_hash: string;
  account_id: string;
  created_at: string;
  last_seen_at: string;
  client_address: string | null;
  user_agent: string | null;
}

export type StaffRole = "owner" | "administrator" | "editor" | "contributor";

/** A person who signs in to the staff pages (decision 028). */
export interface StaffAccountsTable {
  id: string;
  /** Null only for an owner carried over from the single password, until its first sign-in. */
  email: string | null;
  /** The email lower-cased; unique. */
  email_key: string | null;
  name: string;
  role: StaffRole;
  password_hash: string;
  /** 'active' | 'deactivated' */
  state: string;
  created_at: string;
  updated_at: string;
  /** When the grace before a second factor is required began (migration 011, decision 032). */
  factor_grace_from: string | null;
}

/** An account's TOTP authenticator (decision 032). */
export interface StaffTotpTable {
  account_id: string;
  /** Base32. */
  secret: string;
  /** Null until confirmed by a first code. */
  confirmed_at: string | null;
  /** The time step of the last accepted code (codes of that step or before are replays). */
  last_step: number | null;
  created_at: string;
}

/** A single-use recovery code, stored as its SHA-256. */
export interface StaffRecoveryCodesTable {
  code_hash: string;
  account_id: string;
  created_at: string;
  used_at: string | null;
}

/** A WebAuthn credential (passkey) of an account. */
export interface StaffPasskeysTable {
  /** The credential id, base64url. */
  id: string;
  account_id: string;
  name: string;
  /** COSE public key, base64url. */
  public_key: string;
  counter: number;
  /** JSON array of transports, or null. */
  transports: string | null;
  created_at: string;
  last_used_at: string | null;
}

/** A short-lived challenge: a sign-in's second step, or a WebAuthn ceremony. */
export interface StaffAuthChallengesTable {
  /** SHA-256 of the ticket handed to the browser. */
  id_hash: string;
  purpose: "second-step" | "passkey-register" | "passkey-sign-in";
  account_id: string | null;
  challenge: string | null;
  created_at: string;
  expires_at: string;
}

/** A one-time link: the first owner's setup, an invitation or a password reset. */
export interface StaffTokensTable {
  /** SHA-256 of the token; the token itself is never stored. */
  id_hash: string;
  purpose: "setup" | "invitation" | "reset";
  account_id: string | null;
  email: string | null;
  role: StaffRole | null;
  /** An invitation's sender (migration 014); null for other links and older invitations. */
  sent_by: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A mail to a staff member (invitation, password reset), delivered by the outbox. */
export interface StaffMailTable {
  id: string;
  to_email: string;
  subject: string;
  /** Blanked once delivered: it holds a one-time link. */
  body: string;
  created_at: string;
  delivery_status: string;
  attempts: number;
  last_error: string | null;
  next_attempt_at: string;
  claimed_by: string | null;
  claim_expires_at: string | null;
  delivered_at: string | null;
}

/** One entry of the audit log (decision 028): appended, never changed. */
export interface AuditLogTable {
  id: string;
  at: string;
  account_id: string | null;
  /** The account's email then, or the email a failed sign-in tried. */
  actor: string | null;
  action: string;
  target: string | null;
  detail: string | null;
  client_address: string | null;
}

export interface LoginFailuresTable {
  id: string;
  client: string;
  failed_at: string;
}

export interface AppSettingsTable {
  key: string;
  value: string;
}

/** A contact-form message; also the delivery outbox (see server/outbox/outbox.ts). */
export interface ContactMessagesTable {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  message: string;
  /** The course an Inquire asked about (its title), or null (migration 018). */
  course: string | null;
  created_at: string;
  /** 'pending' until delivered, then 'sent'. */
  delivery_status: string;
  /** 1: never delivered while set (honeypot filled or marked by staff). */
  spam: number;
  /** 'honeypot' | 'staff' | null */
  spam_reason: string | null;
  attempts: number;
  last_error: string | null;
  next_attempt_at: string;
  /** The worker claim currently delivering this row, and when that claim lapses. */
  claimed_by: string | null;
  claim_expires_at: string | null;
  delivered_at: string | null;
}

/** One counted request per row, kept for its limit's window (contact, SMS opt-in). */
export interface RateLimitHitsTable {
  id: string;
  /** Which limit: 'contact' | 'sms'. */
  scope: string;
  client: string;
  hit_at: string;
}

/**
 * One row per phone number (E.164): its current status and the consent record of its latest
 * effective web opt-in. Never deleted by keywords; the whole story is in sms_consent_events.
 */
export interface SmsSubscribersTable {
  id: string;
  phone: string;
  /** 'subscribed' | 'unsubscribed' */
  status: string;
  consent_text: string;
  consent_version: string;
  consented_at: string;
  source: string | null;
  client_address: string | null;
  user_agent: string | null;
  created_at: string;
  unsubscribed_at: string | null;
  updated_at: string;
}

/** The append-only consent history: every web opt-in, STOP and START, never changed. */
export interface SmsConsentEventsTable {
  id: string;
  phone: string;
  /** 'opt_in' | 'stop' | 'start' */
  kind: string;
  /** 'web' | 'sms' */
  channel: string;
  occurred_at: string;
  /** The number's status after this event: 'subscribed' | 'unsubscribed' | 'none'. */
  status_after: string;
  consent_text: string | null;
  consent_version: string | null;
  source: string | null;
  client_address: string | null;
  user_agent: string | null;
  /**
   * How an opt-out came (migration 015): 'keyword' | 'words' | 'provider' | 'staff'; null for
   * other events and for opt-outs recorded before it.
   */
  how: string | null;
}

/** A text the program sends (migration 015, docs/product.md 5.3a): stored before it is sent. */
export interface SmsTextsTable {
  id: string;
  /** 'staff' | 'confirmation' | 'opt_out_confirmation' | 'reminder' */
  kind: string;
  /** The whole text as it arrives. */
  body: string;
  segments: number;
  created_at: string;
  created_by: string | null;
  send_at: string;
  /** 1: an answer a person asked for (sent at any hour). */
  any_hour: number;
  /** 'scheduled' (no recipients yet) | 'begun' | 'cancelled' */
  state: string;
  cancelled_at: string | null;
  event_id: string | null;
  /** A reminder's "<event id>|<session start>": one text per session. */
  reminder_key: string | null;
  /** A reminder's own moment (the session's start minus the lead), before the sending hours. */
  remind_at: string | null;
}

/** One number a text goes to; an outbox row (server/outbox/outbox-claims.ts). */
export interface SmsRecipientsTable {
  /** "<text id>:<number>" */
  id: string;
  text_id: string;
  phone: string;
  /** scheduled | waiting | queued | sent | delivered | undelivered | failed | cancelled */
  status: string;
  status_at: string;
  provider_sid: string | null;
  error_code: string | null;
  /** When it was handed to the provider (written before the call). */
  handed_at: string | null;
  /** 'pending' until handed over (or given up), then 'sent'. */
  delivery_status: string;
  attempts: number;
  last_error: string | null;
  next_attempt_at: string;
  claimed_by: string | null;
  claim_expires_at: string | null;
  delivered_at: string | null;
}

/** A delivery report for a sid not yet recorded (applied once it is). */
export interface SmsEarlyReportsTable {
  id: string;
  provider_sid: string;
  status: string;
  error_code: string | null;
  received_at: string;
}

/** An inbound text kept for staff (neither a keyword nor an opt-out in words). */
export interface SmsRepliesTable {
  id: string;
  phone: string;
  body: string;
  provider_sid: string | null;
  received_at: string;
}

/** The sending hours (one row, id 'sms'); the defaults apply while there is none. */
export interface SmsSettingsTable {
  id: string;
  /** "HH:MM" */
  send_from: string;
  send_to: string;
  updated_at: string;
}

/** An event's reminder switch, kept apart from the event's content. */
export interface SmsEventRemindersTable {
  event_id: string;
  enabled: number;
  /** '1d' | '2d' | '3h' */
  lead: string;
  body: string | null;
  updated_at: string;
}

/** An uploaded image (server/media/); its files are in media_files. */
export interface MediaTable {
  id: string;
  /** SHA-256 (hex) of the stored whole image; its first 16 digits name the files. */
  hash: string;
  /** 'jpeg' | 'png' | 'webp' | 'avif': the uploaded format, kept by the whole image. */
  format: string;
  width: number;
  height: number;
  /** Empty for a decorative image. */
  alt: string;
  decorative: number;
  created_at: string;
}

/** One served file of an image: the whole image or one of its AVIF and WebP copies. */
export interface MediaFilesTable {
  /** Its name in the URL, /media/NAME. */
  name: string;
  media_id: string;
  format: string;
  width: number;
  height: number;
  bytes: number;
  data: Buffer;
}

/**
 * One of the site's own pictures in the media library (migration 013, decision 034): a file of
 * the build, served from public/, listed beside the uploads.
 */
export interface MediaSitePicturesTable {
  id: string;
  /** The address content uses: its widest WebP file, or its SVG. */
  url: string;
  width: number;
  height: number;
  /** Empty for a decorative picture. */
  alt: string;
  decorative: number;
  /** JSON: [{ url, width, format }] of its AVIF and WebP files, narrowest first. */
  variants: string;
  created_at: string;
}

/**
 * One staff-managed content entry (docs/product.md section 14): a singleton's only entry or one
 * item of a list. `data` and `draft` are JSON text.
 */
export interface ContentEntriesTable {
  id: string;
  collection: string;
  position: number;
  /** The published data; null until first published. */
  data: string | null;
  draft: string | null;
  /** 'draft' (never published) | 'published' */
  status: string;
  version: number;
  publish_at: string | null;
  /** Who set `publish_at` (id, and name then): its revision names them when it goes live. */
  scheduled_by: string | null;
  scheduled_by_name: string | null;
  published_at: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

/** Append-only: every publish of an entry, numbered 1, 2, 3, … per entry. */
export interface ContentRevisionsTable {
  entry_id: string;
  revision: number;
  data: string;
  published_at: string;
  /** 'seed' | 'publish' | 'scheduled' | 'restore' */
  kind: string;
  restored_from: number | null;
  /** The account that published it, and its name then; null before named accounts (012). */
  published_by: string | null;
  published_by_name: string | null;
}

/** One row (id 1): the version of the public content, incremented by every change of it. */
export interface ContentStateTable {
  id: number;
  version: number;
}

/** The outcome of a form posted without JavaScript, for one page load (decision 023). */
export interface FormOutcomesTable {
  id_hash: string;
  page: string;
  /** JSON of a `FormOutcome` (common/form-outcome.ts). */
  data: string;
  expires_at: string;
}

/** One random salt per day in SITE_TIME_ZONE (statistics, decision 042); only today's is kept. */
export interface StatisticsSaltsTable {
  day: string;
  salt: string;
}

/** Today's visitor hashes, each with what it was counted for already (deleted at midnight). */
export interface StatisticsSeenTable {
  day: string;
  visitor: string;
  dimension: string;
}

/** Views and visitors per day, kind and name (docs/product.md 5.7), kept for STATISTICS_RETENTION_MONTHS. */
export interface StatisticsDailyTable {
  day: string;
  kind: string;
  name: string;
  detail: Generated<string>;
  views: Generated<number>;
  visitors: Generated<number>;
}

/** A path that answers 301 to another of the site's paths. */
export interface RedirectsTable {
  id: string;
  from_path: string;
  to_path: string;
  hits: Generated<number>;
  created_at: string;
}

export interface Database {
  site_updates: SiteUpdatesTable;
  admin_sessions: AdminSessionsTable;
  staff_accounts: StaffAccountsTable;
  staff_tokens: StaffTokensTable;
  login_failures: LoginFailuresTable;
  app_settings: AppSettingsTable;
  contact_messages: ContactMessagesTable;
  rate_limit_hits: RateLimitHitsTable;
  sms_subscribers: SmsSubscribersTable;
  sms_consent_events: SmsConsentEventsTable;
  sms_texts: SmsTextsTable;
  sms_recipients: SmsRecipientsTable;
  sms_replies: SmsRepliesTable;
  sms_early_reports: SmsEarlyReportsTable;
  sms_settings: SmsSettingsTable;
  sms_event_reminders: SmsEventRemindersTable;
  media: MediaTable;
  media_files: MediaFilesTable;
  media_site_pictures: MediaSitePicturesTable;
  content_entries: ContentEntriesTable;
  content_revisions: ContentRevisionsTable;
  content_state: ContentStateTable;
  form_outcomes: FormOutcomesTable;
  audit_log: AuditLogTable;
  staff_mail: StaffMailTable;
  staff_totp: StaffTotpTable;
  staff_recovery_codes: StaffRecoveryCodesTable;
  staff_passkeys: StaffPasskeysTable;
  staff_auth_challenges: StaffAuthChallengesTable;
  statistics_salts: StatisticsSaltsTable;
  statistics_seen: StatisticsSeenTable;
  statistics_daily: StatisticsDailyTable;
  redirects: RedirectsTable;
}
