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
  created_at: string;
  last_seen_at: string;
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

export interface Database {
  site_updates: SiteUpdatesTable;
  admin_sessions: AdminSessionsTable;
  login_failures: LoginFailuresTable;
  app_settings: AppSettingsTable;
}
