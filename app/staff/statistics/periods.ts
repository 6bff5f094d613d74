import { addDays, type StatisticsTotals } from "#common/statistics";
import { dayIn } from "#common/zoned-time";

/** The periods the statistics page offers; `dates` is the one staff choose themselves. */
export const PERIODS = ["7d", "30d", "12m", "dates"] as const;
export type Period = (typeof PERIODS)[number];

export const PERIOD_LABELS: Readonly<Record<Period, string>> = {
  "7d": "Last 7 days",
  "30d": "Last 30 days",
  "12m": "Last 12 months",
  dates: "Chosen dates",
};

/**
 * Today as YYYY-MM-DD in the site's time zone (`SITE_TIME_ZONE`), whose days the statistics
 * count in: not the staff member's browser's, which may be a day ahead or behind.
 */
export function siteToday(timeZone: string, now: number = Date.now()): string {
  return dayIn(now, timeZone);
}

/** The first and last day of a period (YYYY-MM-DD in the site's time zone), both included. */
export interface Range {
  from: string;
  to: string;
}

/** The days a period covers, today included. */
export function rangeOf(period: Exclude<Period, "dates">, today: string): Range {
  if (period === "7d") return { from: addDays(today, -6), to: today };
  if (period === "30d") return { from: addDays(today, -29), to: today };
  const [year, month, day] = today.split("-");
  return { from: addDays(`${Number(year) - 1}-${month}-${day}`, 1), to: today };
}

/** "up 25%", "down 10%", "no change", or "new" against the previous period's number. */
export function changeOf(now: number, before: number): string {
  if (before === 0) return now === 0 ? "no change" : "new";
  const percent = Math.round(((now - before) / before) * 100);
  if (percent === 0) return "no change";
  return percent > 0 ? `up ${percent}%` : `down ${-percent}%`;
}

/** "12 visitors and 30 views": how the staff home and the totals say a period's numbers. */
export function totalsLine(totals: StatisticsTotals): string {
  const visitors = `${totals.visitors} visitor${totals.visitors === 1 ? "" : "s"}`;
  return `${visitors} and ${totals.views} view${totals.views === 1 ? "" : "s"}`;
}
