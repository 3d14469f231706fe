import { useId } from 'react';
import { formatDayMonth } from '../shared/dates.ts';
import type { WeekCount } from '../../../../../shared/api/enquiries.ts';
import styles from './dashboard.module.css';

const WIDTH = 600;
const HEIGHT = 200;
const TOP = 18;
const BOTTOM = 26;
/** Room either side, so the first and last week's labels are not cut off. */
const SIDE = 28;

/** Props of {@link EnquiryChart}. */
export interface EnquiryChartProps {
  weeks: readonly WeekCount[];
}

/**
 * Enquiries per week as inline SVG bars. The picture is labelled (title + desc); the figures are
 * also in a visually hidden table, so a screen reader gets every number, not just a summary.
 */
export function EnquiryChart({ weeks }: EnquiryChartProps) {
  const id = useId();
  const busiest = Math.max(0, ...weeks.map((w) => w.count));
  const max = Math.max(1, busiest);
  const total = weeks.reduce((sum, w) => sum + w.count, 0);
  const slot = WIDTH / Math.max(1, weeks.length);
  const barWidth = Math.max(4, slot * 0.62);
  const plot = HEIGHT - TOP - BOTTOM;
  const first = weeks[0];
  const last = weeks.at(-1);
  const summary =
    first && last
      ? `${total} enquiries in the ${weeks.length} weeks from ${formatDayMonth(first.week)} to ${formatDayMonth(last.week)}; the busiest week had ${busiest}.`
      : 'No enquiry figures yet.';

  return (
    <figure className={styles.chart}>
      <svg
        className={styles.svg}
        viewBox={`${-SIDE} 0 ${WIDTH + 2 * SIDE} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        preserveAspectRatio="xMidYMid meet"
      >
        <title id={`${id}-title`}>Enquiries per week</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        <line x1="0" x2={WIDTH} y1={HEIGHT - BOTTOM} y2={HEIGHT - BOTTOM} className={styles.axis} />
        {weeks.map((week, index) => {
          const height = (week.count / max) * plot;
          const x = index * slot + (slot - barWidth) / 2;
          const y = HEIGHT - BOTTOM - height;
          return (
            <g key={week.week}>
              <rect x={x} y={y} width={barWidth} height={Math.max(height, week.count ? 2 : 0)} rx="3" className={styles.bar} />
              <text x={x + barWidth / 2} y={y - 4} textAnchor="middle" className={styles.value}>
                {week.count}
              </text>
              {/* Every other week labelled (every fourth on phones), always the latest one. */}
              {(weeks.length - 1 - index) % 2 === 0 && (
                <text
                  x={x + barWidth / 2}
                  y={HEIGHT - 8}
                  textAnchor="middle"
                  className={styles.label}
                  data-minor={(weeks.length - 1 - index) % 4 !== 0 || undefined}
                >
                  {formatDayMonth(week.week)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption className={styles.caption}>Enquiries received each week (weeks start on Monday).</figcaption>
      {/* The wrapper hides it: a table ignores a 1px height and would lengthen the page. */}
      <div className="visually-hidden">
        <table>
          <caption>Enquiries per week</caption>
          <thead>
            <tr>
              <th scope="col">Week starting</th>
              <th scope="col">Enquiries</th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week.week}>
                <th scope="row">{formatDayMonth(week.week)}</th>
                <td>{week.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
