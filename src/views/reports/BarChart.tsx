import { useId } from 'react';
import { compactNumber, niceScale, position } from './chartScale';
import * as styles from './reports.css';

export interface Bar {
  key: string;
  label: string;
  /** The value drawn (major units for money); null draws no bar. */
  value: number | null;
}

/**
 * A horizontal bar chart drawn as SVG (no chart library: docs/architecture.md): a bar per row with its value label in
 * the spec's 'k' form and a nice axis beneath. Screen readers get the chart as one image named by its description;
 * the same figures are the table beneath it. Right to left in Arabic (logical layout, the bars' SVG mirrored).
 */
export function BarChart({ title, description, bars, language, suffix = '' }: { title: string; description: string; bars: readonly Bar[]; language: string; suffix?: string }) {
  const titleId = useId();
  const scale = niceScale(bars.map((b) => b.value ?? 0));
  const zero = position(scale, 0) * 100;
  const label = (value: number) => `${compactNumber(value, language)}${suffix}`;
  return (
    <figure className={styles.chart} aria-labelledby={titleId}>
      <figcaption id={titleId} className={styles.chartTitle}>
        {title}
      </figcaption>
      <div role="img" aria-label={description} className={styles.bars}>
        {bars.map((b) => {
          const at = b.value === null ? zero : position(scale, b.value) * 100;
          return (
            <div key={b.key} className={styles.barRow} aria-hidden="true">
              <span className={styles.barLabel} title={b.label}>
                {b.label}
              </span>
              <svg className={styles.barTrack} viewBox="0 0 100 10" preserveAspectRatio="none" focusable="false">
                {scale.ticks.map((t) => (
                  <line key={t} className={styles.grid} x1={position(scale, t) * 100} x2={position(scale, t) * 100} y1={0} y2={10} />
                ))}
                {b.value !== null && b.value !== 0 && (
                  <rect className={b.value < 0 ? styles.barNegative : styles.bar} x={Math.min(zero, at)} width={Math.abs(at - zero)} y={1.5} height={7} rx={0.6} />
                )}
              </svg>
              <span className={styles.barValue} data-chart-label="">
                {b.value === null ? '' : label(b.value)}
              </span>
            </div>
          );
        })}
        <div className={styles.axisRow} aria-hidden="true">
          <span />
          <div className={styles.axis}>
            {scale.ticks.map((t) => (
              <span key={t} className={styles.tick} style={{ insetInlineStart: `${position(scale, t) * 100}%` }}>
                {label(t)}
              </span>
            ))}
          </div>
          <span />
        </div>
      </div>
    </figure>
  );
}
