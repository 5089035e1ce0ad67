// A 30-day bar chart drawn as inline SVG: a sentence describes it to screen readers, each bar
// names its day and value on hover, today's bar is marked in another colour and by the axis
// label, and negative days (more refunded than collected) hang below the line.
import { useT } from '@web/i18n/i18n';
import { formatDate } from '@web/lib/format';
import * as styles from './OwnerDashboard.css';

export interface DailyPoint {
  readonly date: string;
  readonly value: number;
}

const WIDTH = 600;
const HEIGHT = 140;

export function DailyChart({
  id,
  title,
  points,
  format,
  summary,
}: {
  /** The chart's element ids start with it, the same in every language. */
  id: string;
  title: string;
  points: readonly DailyPoint[];
  format: (value: number) => string;
  /** What the chart shows, in one sentence: the screen reader's version of it. */
  summary: string;
}) {
  const t = useT();
  const top = Math.max(0, ...points.map((point) => point.value));
  const bottom = Math.min(0, ...points.map((point) => point.value));
  const span = top - bottom || 1;
  const plotHeight = HEIGHT;
  const zeroY = (top / span) * plotHeight;
  const slot = WIDTH / Math.max(points.length, 1);
  const barWidth = Math.max(2, slot * 0.7);
  const last = points.length - 1;
  return (
    <figure className={styles.chart}>
      <figcaption className={styles.chartTitle} id={`${id}-title`}>
        {title}
      </figcaption>
      <svg
        className={styles.chartSvg}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-summary`}
      >
        <desc id={`${id}-summary`}>{summary}</desc>
        {points.map((point, index) => {
          const height = (Math.abs(point.value) / span) * plotHeight;
          const y = point.value >= 0 ? zeroY - height : zeroY;
          const className =
            index === last ? styles.todayBar : point.value < 0 ? styles.negativeBar : styles.bar;
          return (
            <rect
              key={point.date}
              className={className}
              x={index * slot + (slot - barWidth) / 2}
              y={y}
              width={barWidth}
              // A day with nothing still shows a hairline, so the day is visibly there.
              height={Math.max(height, 1)}
              rx={1.5}
            >
              <title>
                {t('owner.chart.bar', { date: formatDate(point.date), value: format(point.value) })}
              </title>
            </rect>
          );
        })}
        <line className={styles.axis} x1={0} x2={WIDTH} y1={zeroY} y2={zeroY} />
      </svg>
      {points.length > 0 ? (
        // HTML, not SVG text, so the labels keep their size on a phone.
        <div className={styles.axisLabels} aria-hidden="true">
          <span>{formatDate(points[0]!.date)}</span>
          <span>{t('owner.chart.highest', { value: format(top) })}</span>
          <span>{t('owner.chart.today')}</span>
        </div>
      ) : null}
    </figure>
  );
}
