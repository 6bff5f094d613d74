import { useId, type ReactNode } from "react";
import { StaffTable } from "~/components/staff";
import { GOAL_LABELS, daysBetween, type Goal, type StatisticsReport } from "#common/statistics";
import { changeOf } from "./periods";
import { STATISTICS_TEXT } from "./statistics-text";
import { VisitsChart } from "./VisitsChart";
import staff from "~/components/staff/Staff.module.css";
import styles from "./AdminStatistics.module.css";

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
 * One period's report: its totals against the period before, a chart of visitors and views per
 * day with the same numbers as a table beside it, and the report's tables.
 */
export function StatisticsReportView({
  report,
  missingAction,
}: {
  report: StatisticsReport;
  /** What the missing-pages table offers per path (a redirect, from the redirects feature). */
  missingAction?: ((path: string) => ReactNode) | undefined;
}) {
  const id = useId();
  const days = daysBetween(report.from, report.to);
  return (
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
  );
}
