/**
 * Site statistics as GET /api/statistics answers them (docs/product.md 5.7, decision 042) and how the
 * staff pages name their parts. Zod-free: the statistics page reads it; the query schema is in
 * statistics-schemas.ts.
 */

export const GOALS = ["contact", "sms", "calendar"] as const;
export type Goal = (typeof GOALS)[number];

export const GOAL_LABELS: Readonly<Record<Goal, string>> = {
  contact: "Contact messages sent",
  sms: "Text message sign-ups",
  calendar: "Calendar files downloaded",
};

export const DEVICES = ["phone", "desktop"] as const;
export type Device = (typeof DEVICES)[number];

/** A visit with neither a referring site nor a utm_source. */
export const DIRECT_SOURCE = "Direct";

/** The longest period one answer covers, in days (three years, leap day included). */
export const STATISTICS_MAX_DAYS = 3 * 366;

/** Every table but `pages` lists at most this many rows, the largest first. */
export const STATISTICS_ROW_CAP = 100;

export interface StatisticsTotals {
  visitors: number;
  views: number;
}

export interface StatisticsReport {
  /** YYYY-MM-DD, days in SITE_TIME_ZONE, both included. */
  from: string;
  to: string;
  totals: StatisticsTotals;
  /** The period of the same length just before. */
  previous: StatisticsTotals;
  days: { date: string; visitors: number; views: number }[];
  pages: { page: string; path: string; views: number; visitors: number }[];
  sources: { source: string; visitors: number }[];
  campaigns: { campaign: string; source: string; visitors: number }[];
  devices: { device: string; visitors: number }[];
  goals: { goal: string; count: number }[];
  missing: { path: string; count: number; lastSource: string }[];
}

/** The calendar day after (n = 1) or before (n = -1) a YYYY-MM-DD date. */
export function addDays(date: string, n: number): string {
  const time = Date.parse(`${date}T00:00:00Z`) + n * 86_400_000;
  return new Date(time).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both included (1 for one day). */
export function daysBetween(from: string, to: string): number {
  return (
    Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1
  );
}

/** Every date from `from` to `to`, both included. */
export function datesFrom(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) dates.push(date);
  return dates;
}

/** The date `months` calendar months before a YYYY-MM-DD date (the 31st becomes the month's last day). */
export function monthsBefore(date: string, months: number): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const first = new Date(Date.UTC(year, month - 1 - months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(day, last));
  return first.toISOString().slice(0, 10);
}
