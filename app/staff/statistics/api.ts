import { apiJson } from "~/lib/api";
import type { StatisticsReport } from "#common/statistics";

/** The statistics of the days `from` to `to`, both included (GET /api/statistics). */
export function loadStatistics(
  from: string,
  to: string,
  signal?: AbortSignal,
): Promise<StatisticsReport> {
  const query = new URLSearchParams({ from, to });
  return apiJson<StatisticsReport>(`/api/statistics?${query}`, { signal });
}

/** The same tables as CSV (an attachment; the same session cookie). */
export function statisticsCsvUrl(from: string, to: string): string {
  return `/api/statistics.csv?${new URLSearchParams({ from, to })}`;
}
