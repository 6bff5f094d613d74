import { useCallback, useEffect, useId, useState, type FormEvent, type ReactNode } from "react";
import { Field, StaffTable, useStaffSession } from "~/components/staff";
import { useAnnounce } from "~/lib/live-region";
import { GOAL_LABELS, daysBetween, type Goal, type StatisticsReport } from "#common/statistics";
import { loadStatistics, statisticsCsvUrl } from "./api";
import {
  PERIODS,
  PERIOD_LABELS,
  changeOf,
  siteToday,
  rangeOf,
  totalsLine,
  type Period,
} from "./periods";
import { VisitsChart } from "./VisitsChart";
import staff from "~/components/staff/Staff.module.css";
import styles from "./AdminStatistics.module.css";

export const STATISTICS_TEXT = {
  loading: "Loading the statistics...",
  loadFailed: "Could not load the statistics. Please try again.",
  period: "Period",
  from: "From",
  to: "To",
  show: "Show",
  exportCsv: "Export CSV",
  none: "None in this period.",
  badDates: "Choose a start date and an end date on or after it.",
  counted:
    "Counted by the site's own server: no cookies, no scripts, and no visitor's address or browser kept. Bots and signed-in staff are not counted.",
} as const;

type Load =
  { state: "loading" } | { state: "failed" } | { state: "ready"; report: StatisticsReport };

const DEVICE_LABELS: Readonly<Record<string, string>> = { phone: "Phone", desktop: "Desktop" };

/** One table of the report, with its caption as heading and a line when it is empty. */
function ReportTable({
  title,
  headers,
  rows,
  wide = false,
}: {
  title: string;
  headers: readonly string[];
  rows: readonly (readonly ReactNode[])[];
  /** Across the whole width (tables with long paths). */
  wide?: boolean;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className={wide ? `${styles.block} ${styles.wide}` : styles.block}
    >
      <h2 id={id} className={styles.blockHeading}>
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className={staff.muted}>{STATISTICS_TEXT.none}</p>
      ) : (
        <StaffTable
          label={`${title} table`}
          caption={title}
          hideCaption
          columns={headers.map((header, index) =>
            index > 0 ? { name: header, className: styles.number } : header,
          )}
        >
          {rows.map((row, rowIndex) => (
            <tr key={rowIndex}>
              {row.map((cell, index) =>
                index === 0 ? (
                  <th key={index} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={index} className={typeof cell === "number" ? styles.number : undefined}>
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </StaffTable>
      )}
    </section>
  );
}

/**
 * The site statistics (docs/product.md 5.7): a period, its totals against the period before, a
 * chart of visitors and views per day with the same numbers as a table beside it, and the
 * report's tables; the CSV holds them all.
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
  const id = useId();
  const today = siteToday(timeZone);
  const [period, setPeriod] = useState<Period>("7d");
  const [dates, setDates] = useState(rangeOf("30d", today));
  const [range, setRange] = useState(rangeOf("7d", today));
  const [datesError, setDatesError] = useState(false);
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

  const choose = (next: Period) => {
    setPeriod(next);
    setDatesError(false);
    if (next !== "dates") setRange(rangeOf(next, siteToday(timeZone)));
  };

  const showDates = (event: FormEvent) => {
    event.preventDefault();
    const valid = /^\d{4}-\d{2}-\d{2}$/;
    if (!valid.test(dates.from) || !valid.test(dates.to) || dates.to < dates.from) {
      setDatesError(true);
      return;
    }
    setDatesError(false);
    setRange({ ...dates });
  };

  const report = load.state === "ready" ? load.report : undefined;
  const days = report ? daysBetween(report.from, report.to) : 0;

  return (
    <>
      <p className={staff.muted}>{STATISTICS_TEXT.counted}</p>
      <form className={styles.periods} onSubmit={showDates} aria-label="Choose the period">
        <fieldset className={styles.periodChoice}>
          <legend>{STATISTICS_TEXT.period}</legend>
          {PERIODS.map((option) => (
            <label key={option} className={styles.radio}>
              <input
                type="radio"
                name={`${id}-period`}
                value={option}
                checked={period === option}
                onChange={() => choose(option)}
              />
              {PERIOD_LABELS[option]}
            </label>
          ))}
        </fieldset>
        {period === "dates" ? (
          <div className={styles.dates}>
            <Field
              id={`${id}-from`}
              label={STATISTICS_TEXT.from}
              type="date"
              value={dates.from}
              invalid={datesError}
              errorId={`${id}-dates-error`}
              onChange={(event) => setDates({ ...dates, from: event.target.value })}
            />
            <Field
              id={`${id}-to`}
              label={STATISTICS_TEXT.to}
              type="date"
              value={dates.to}
              invalid={datesError}
              errorId={`${id}-dates-error`}
              onChange={(event) => setDates({ ...dates, to: event.target.value })}
            />
            <button type="submit" className={styles.show}>
              {STATISTICS_TEXT.show}
            </button>
            {datesError ? (
              <p id={`${id}-dates-error`} role="alert" className={staff.alert}>
                {STATISTICS_TEXT.badDates}
              </p>
            ) : null}
          </div>
        ) : null}
        <a className={staff.buttonLink} href={statisticsCsvUrl(range.from, range.to)} download>
          {STATISTICS_TEXT.exportCsv}
        </a>
      </form>

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
      {report ? (
        <>
          <section aria-labelledby={`${id}-totals`} className={styles.block}>
            <h2 id={`${id}-totals`} className={styles.blockHeading}>
              {`${report.from} to ${report.to}`}
            </h2>
            <dl className={styles.totals}>
              <div className={styles.total}>
                <dt>Visitors</dt>
                <dd>
                  <span className={styles.totalNumber}>{report.totals.visitors}</span>{" "}
                  <span className={styles.change}>
                    {`${changeOf(report.totals.visitors, report.previous.visitors)} on the ${days} days before (${report.previous.visitors})`}
                  </span>
                </dd>
              </div>
              <div className={styles.total}>
                <dt>Views</dt>
                <dd>
                  <span className={styles.totalNumber}>{report.totals.views}</span>{" "}
                  <span className={styles.change}>
                    {`${changeOf(report.totals.views, report.previous.views)} on the ${days} days before (${report.previous.views})`}
                  </span>
                </dd>
              </div>
            </dl>
          </section>
          <section aria-labelledby={`${id}-days`} className={styles.block}>
            <h2 id={`${id}-days`} className={styles.blockHeading}>
              Visitors and views per day
            </h2>
            <div className={styles.chartAndTable}>
              <VisitsChart days={report.days} />
              <StaffTable
                className={styles.dayTable}
                label="Visitors and views per day table"
                caption="Visitors and views per day"
                hideCaption
                columns={[
                  "Day",
                  { name: "Visitors", className: styles.number },
                  { name: "Views", className: styles.number },
                ]}
              >
                {report.days.map((day) => (
                  <tr key={day.date}>
                    <th scope="row">{day.date}</th>
                    <td className={styles.number}>{day.visitors}</td>
                    <td className={styles.number}>{day.views}</td>
                  </tr>
                ))}
              </StaffTable>
            </div>
          </section>
          <div className={styles.tables}>
            <ReportTable
              wide
              title="Pages"
              headers={["Page", "Path", "Views", "Visitors"]}
              rows={report.pages.map((page) => [page.page, page.path, page.views, page.visitors])}
            />
            <ReportTable
              title="Sources"
              headers={["Source", "Visitors"]}
              rows={report.sources.map((source) => [source.source, source.visitors])}
            />
            <ReportTable
              title="Campaigns"
              headers={["Campaign", "Source", "Visitors"]}
              rows={report.campaigns.map((row) => [row.campaign, row.source, row.visitors])}
            />
            <ReportTable
              title="Devices"
              headers={["Device", "Visitors"]}
              rows={report.devices.map((row) => [
                DEVICE_LABELS[row.device] ?? row.device,
                row.visitors,
              ])}
            />
            <ReportTable
              title="Goals"
              headers={["Goal", "Count"]}
              rows={report.goals.map((goal) => [
                GOAL_LABELS[goal.goal as Goal] ?? goal.goal,
                goal.count,
              ])}
            />
            <ReportTable
              wide
              title="Missing pages"
              headers={
                missingAction
                  ? ["Path", "Count", "Last referring site", "Action"]
                  : ["Path", "Count", "Last referring site"]
              }
              rows={report.missing.map((row) => [
                row.path,
                row.count,
                row.lastSource || "None",
                ...(missingAction ? [missingAction(row.path)] : []),
              ])}
            />
          </div>
        </>
      ) : null}
    </>
  );
}
