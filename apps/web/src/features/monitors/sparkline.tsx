import { useId } from 'react';

const WIDTH = 300;
const HEIGHT = 64;

/**
 * A small line chart of the last minutes of one figure (服务监控): scaled to its own maximum (or `max`), with a
 * title and description for assistive tech. Drawn by hand like the dashboard's chart: no chart library.
 */
export function Sparkline({
  values,
  title,
  desc,
  max,
  color = '#1677ff',
  testId,
}: {
  values: readonly number[];
  title: string;
  desc: string;
  max?: number;
  color?: string;
  testId: string;
}) {
  const titleId = useId();
  const descId = useId();
  const top = Math.max(max ?? 0, ...values, 1e-9);
  const step = values.length > 1 ? WIDTH / (values.length - 1) : 0;
  const points = values.map(
    (v, i) => `${(i * step).toFixed(1)},${(HEIGHT - (v / top) * (HEIGHT - 4) - 2).toFixed(1)}`,
  );
  const area = points.length > 1 ? `0,${HEIGHT} ${points.join(' ')} ${WIDTH},${HEIGHT}` : '';
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="none"
      width="100%"
      height={HEIGHT}
      role="img"
      aria-labelledby={`${titleId} ${descId}`}
      data-testid={testId}
      style={{ display: 'block' }}
    >
      <title id={titleId}>{title}</title>
      <desc id={descId}>{desc}</desc>
      <line x1={0} x2={WIDTH} y1={HEIGHT - 1} y2={HEIGHT - 1} stroke="#f0f0f0" />
      {area ? <polygon points={area} fill={color} opacity={0.12} /> : null}
      {points.length > 1 ? (
        <polyline
          points={points.join(' ')}
          fill="none"
          stroke={color}
          strokeWidth={1.5}
          vectorEffect="non-scaling-stroke"
        />
      ) : null}
    </svg>
  );
}
