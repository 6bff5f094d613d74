import { useId, useState, type FormEvent } from "react";
import { Field } from "~/components/staff";
import { statisticsCsvUrl } from "./api";
import { PERIODS, PERIOD_LABELS, siteToday, rangeOf, type Period, type Range } from "./periods";
import { STATISTICS_TEXT } from "./statistics-text";
import staff from "~/components/staff/Staff.module.css";
import styles from "./AdminStatistics.module.css";

/**
 * The period the statistics show: the last days, or dates chosen (checked before they are
 * shown), and the CSV of the period shown (`range`). `onRange` is told of each new period.
 */
export function PeriodForm({
  timeZone,
  range,
  onRange,
}: {
  /** `SITE_TIME_ZONE`: a period of the last days ends today there. */
  timeZone: string;
  range: Range;
  onRange: (range: Range) => void;
}) {
  const id = useId();
  const [period, setPeriod] = useState<Period>("7d");
  const [dates, setDates] = useState(() => rangeOf("30d", siteToday(timeZone)));
  const [datesError, setDatesError] = useState(false);

  const choose = (next: Period) => {
    setPeriod(next);
    setDatesError(false);
    if (next !== "dates") onRange(rangeOf(next, siteToday(timeZone)));
  };

  const showDates = (event: FormEvent) => {
    event.preventDefault();
    const valid = /^\d{4}-\d{2}-\d{2}$/;
    if (!valid.test(dates.from) || !valid.test(dates.to) || dates.to < dates.from) {
      setDatesError(true);
      return;
    }
    setDatesError(false);
    onRange({ ...dates });
  };

  return (
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
  );
}
