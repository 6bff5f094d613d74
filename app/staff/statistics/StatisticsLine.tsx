import { useEffect, useState } from "react";
import { Link } from "react-router";
import { useStaffSession } from "~/components/staff";
import type { StatisticsReport } from "#common/statistics";
import { loadStatistics } from "./api";
import { changeOf, rangeOf, siteToday, totalsLine } from "./periods";

/**
 * The staff home's one line of statistics (docs/product.md 5.6): the last 7 days, days of the
 * site's time zone (`timeZone`). Render it only for roles with `statistics`: the server refuses
 * the others (403).
 */
export function StatisticsLine({ timeZone }: { timeZone: string }) {
  const { handleAuthError } = useStaffSession();
  const [report, setReport] = useState<StatisticsReport | "failed" | undefined>();
  useEffect(() => {
    const controller = new AbortController();
    const { from, to } = rangeOf("7d", siteToday(timeZone));
    loadStatistics(from, to, controller.signal).then(setReport, (error: unknown) => {
      if (controller.signal.aborted) return;
      handleAuthError(error);
      setReport("failed");
    });
    return () => controller.abort();
  }, [handleAuthError, timeZone]);

  let text = "Loading the last 7 days...";
  if (report === "failed") text = "Could not load the last 7 days' statistics.";
  else if (report) {
    text = `Last 7 days: ${totalsLine(report.totals)} (visitors ${changeOf(report.totals.visitors, report.previous.visitors)} on the 7 days before).`;
  }
  return (
    <p>
      {text} <Link to="/admin/statistics">Statistics</Link>
    </p>
  );
}
