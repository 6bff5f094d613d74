import { useId } from "react";
import styles from "./AdminStatistics.module.css";

export interface ChartDay {
  date: string;
  visitors: number;
  views: number;
}

const WIDTH = 640;
const HEIGHT = 240;
const PAD = { top: 16, right: 12, bottom: 34, left: 52 };

/**
 * A round top for the scale: 1, 2 or 5 times a power of ten, at least `max`, and at least 2 so
 * that the middle line (half the top) is a count of its own, not 1 again.
 */
function niceMax(max: number): number {
  if (max <= 2) return 2;
  const power = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 5, 10].find((factor) => factor * power >= max) ?? 10;
  return step * power;
}

/** A gridline's value as written: the half of a top of 5 is 2.5, not a rounded 3. */
function axisLabel(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}

/**
 * Visitors and views per day as two lines, drawn as SVG by hand (no chart framework): a picture
 * for those who see it, named and summarised for those who do not; the table beside it holds
 * the same numbers (docs/product.md 5.7).
 */
export function VisitsChart({ days }: { days: readonly ChartDay[] }) {
  const id = useId();
  const top = niceMax(Math.max(0, ...days.map((day) => day.views)));
  const innerWidth = WIDTH - PAD.left - PAD.right;
  const innerHeight = HEIGHT - PAD.top - PAD.bottom;
  const x = (index: number) =>
    PAD.left + (days.length <= 1 ? innerWidth / 2 : (index / (days.length - 1)) * innerWidth);
  const y = (value: number) => PAD.top + innerHeight - (value / top) * innerHeight;
  const line = (key: "visitors" | "views") =>
    days.map((day, index) => `${x(index).toFixed(1)},${y(day[key]).toFixed(1)}`).join(" ");
  const first = days[0]?.date ?? "";
  const last = days[days.length - 1]?.date ?? "";
  const totalViews = days.reduce((sum, day) => sum + day.views, 0);
  const totalVisitors = days.reduce((sum, day) => sum + day.visitors, 0);

  return (
    <figure className={styles.chart}>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
        className={styles.chartSvg}
      >
        <title id={`${id}-title`}>Visitors and views per day</title>
        <desc id={`${id}-desc`}>
          {`From ${first} to ${last}: ${totalVisitors} visitors and ${totalViews} views in all; the table beside it lists each day.`}
        </desc>
        {[0, 0.5, 1].map((fraction) => (
          <g key={fraction}>
            <line
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={y(top * fraction)}
              y2={y(top * fraction)}
              className={styles.gridLine}
            />
            <text
              x={PAD.left - 6}
              y={y(top * fraction) + 4}
              textAnchor="end"
              className={styles.axisText}
            >
              {axisLabel(top * fraction)}
            </text>
          </g>
        ))}
        <text x={PAD.left} y={HEIGHT - 6} className={styles.axisText}>
          {first}
        </text>
        <text x={WIDTH - PAD.right} y={HEIGHT - 6} textAnchor="end" className={styles.axisText}>
          {last}
        </text>
        <polyline points={line("views")} className={styles.viewsLine} />
        <polyline points={line("visitors")} className={styles.visitorsLine} />
      </svg>
      <figcaption className={styles.legend}>
        <span className={styles.legendViews}>Views</span>
        <span className={styles.legendVisitors}>Visitors</span>
      </figcaption>
    </figure>
  );
}
