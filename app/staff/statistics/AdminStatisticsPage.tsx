import { useCallback, useEffect, useState, type ReactNode } from "react";
import { useStaffSession } from "~/components/staff";
import { useAnnounce } from "~/lib/live-region";
import type { StatisticsReport } from "#common/statistics";
import { loadStatistics } from "./api";
import { PeriodForm } from "./PeriodForm";
import { siteToday, rangeOf, totalsLine } from "./periods";
import { STATISTICS_TEXT } from "./statistics-text";
import { StatisticsReportView } from "./StatisticsReportView";
import staff from "~/components/staff/Staff.module.css";

type Load =
  { state: "loading" } | { state: "failed" } | { state: "ready"; report: StatisticsReport };

/**
 * The site statistics (docs/product.md 5.7): a period (PeriodForm), and its report once loaded
 * (StatisticsReportView); the CSV holds it all.
 */
export function AdminStatisticsPage({
  timeZone,
  missingAction,
}: {
  /** `SITE_TIME_ZONE`: the periods end today there, the day the counts are kept by. */
  timeZone: string;
  /** What the missing-pages table offers per path (a redirect, from the redirects feature). */
  missingAction?: (path: string) => ReactNode;
}) {
  const { handleAuthError } = useStaffSession();
  const announce = useAnnounce();
  const [range, setRange] = useState(() => rangeOf("7d", siteToday(timeZone)));
  const [load, setLoad] = useState<Load>({ state: "loading" });

  const failed = useCallback(
    (caught: unknown) => {
      if (handleAuthError(caught)) return;
      console.error(STATISTICS_TEXT.loadFailed, caught);
      setLoad({ state: "failed" });
    },
    [handleAuthError],
  );

  useEffect(() => {
    const controller = new AbortController();
    setLoad({ state: "loading" });
    loadStatistics(range.from, range.to, controller.signal).then(
      (report) => {
        setLoad({ state: "ready", report });
        announce(`Statistics from ${report.from} to ${report.to}: ${totalsLine(report.totals)}.`);
      },
      (caught: unknown) => {
        if (!controller.signal.aborted) failed(caught);
      },
    );
    return () => controller.abort();
  }, [range, failed, announce]);

  return (
    <>
      <p className={staff.muted}>{STATISTICS_TEXT.counted}</p>
      <PeriodForm timeZone={timeZone} range={range} onRange={setRange} />
      {load.state === "loading" ? (
        <p role="status" className={staff.muted}>
          {STATISTICS_TEXT.loading}
        </p>
      ) : null}
      {load.state === "failed" ? (
        <p role="alert" className={staff.alert}>
          {STATISTICS_TEXT.loadFailed}
        </p>
      ) : null}
      {load.state === "ready" ? (
        <StatisticsReportView report={load.report} missingAction={missingAction} />
      ) : null}
    </>
  );
}
