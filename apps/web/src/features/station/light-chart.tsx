/**
 * A small SVG bar/line chart over categories for the home dashboard, the first page after sign-in: ECharts (about
 * 160 kB compressed) loads with the station screens instead (issue 13, first-load bytes). Same props and palette as
 * `Chart`, the same text alternative (`ChartTable`, from the same option shape) and the same empty state; what it
 * leaves out is what the dashboard does not use: zoom, a second axis, smoothing, animation.
 */
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Empty, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { ChartTable } from '@/components/chart-table';
import type { ChartProps, Series } from './chart';
import { formatNumber } from './format';
import './light-chart.css';

const PAD = { top: 28, right: 12, bottom: 26 };
const BAR_MAX = 18;

/** Pure: 0 … a round maximum in about `count` steps (1, 2, 2.5 or 5 × 10ⁿ), covering `max`. */
export function niceTicks(max: number, count = 4): number[] {
  if (!(max > 0)) return [0, 1];
  const raw = max / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 2.5, 5, 10].find((m) => m * power >= raw) ?? 10) * power;
  const ticks: number[] = [];
  for (let v = 0; v < max + step / 2 && ticks.length <= count + 1; v += step) ticks.push(Number(v.toPrecision(12)));
  if (ticks[ticks.length - 1]! < max) ticks.push(Number((ticks[ticks.length - 1]! + step).toPrecision(12)));
  return ticks;
}

/** Pure: the straight-segment path of a line series; a missing value breaks the line. */
export function linePath(values: (number | null)[], x: (i: number) => number, y: (v: number) => number): string {
  let d = '';
  let pen = false;
  values.forEach((v, i) => {
    if (v === null || !Number.isFinite(v)) {
      pen = false;
      return;
    }
    d += `${pen ? 'L' : 'M'}${x(i).toFixed(1)} ${y(v).toFixed(1)}`;
    pen = true;
  });
  return d;
}

export function LightChart({ categories, series, units, height = 300, label }: ChartProps) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [hidden, setHidden] = useState<ReadonlySet<number>>(new Set());
  const [hover, setHover] = useState<number | null>(null);

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, [categories.length]);

  const option = useMemo(
    () => ({ xAxis: { type: 'category', data: categories }, series: series.map((s) => ({ name: s.name, data: s.data })) }),
    [categories, series],
  );

  if (categories.length === 0) {
    return (
      <div style={{ height, display: 'flex', alignItems: 'center', justifyContent: 'center' }} aria-label={label}>
        <Empty description={t('station.noData')} />
      </div>
    );
  }

  const shown = series.map((s, i) => ({ s, i })).filter(({ i }) => !hidden.has(i));
  const max = Math.max(0, ...shown.flatMap(({ s }) => s.data.filter((v): v is number => v !== null && Number.isFinite(v))));
  const ticks = niceTicks(max);
  const top = ticks[ticks.length - 1]!;
  const tickText = ticks.map((v) => formatNumber(v, 1, i18n.language));
  const left = 12 + Math.max(...tickText.map((s) => s.length), units[0]?.length ?? 0) * 7;
  const plotW = Math.max(0, width - left - PAD.right);
  const plotH = height - PAD.top - PAD.bottom;
  const band = plotW / categories.length;
  const x = (i: number) => left + band * (i + 0.5);
  const y = (v: number) => PAD.top + plotH - (v / top) * plotH;
  const bars = shown.filter(({ s }) => (s.type ?? 'line') === 'bar');
  const barW = bars.length ? Math.max(1, Math.min(BAR_MAX, (band * 0.7) / bars.length)) : 0;
  const every = Math.max(1, Math.ceil((Math.max(...categories.map((c) => c.length)) * 6.5 + 8) / Math.max(band, 1)));
  const colour = (s: Series, i: number) => s.color ?? token.colorPrimary ?? String(i);

  const onMove = (event: React.MouseEvent<SVGSVGElement>) => {
    const at = event.clientX - event.currentTarget.getBoundingClientRect().left - left;
    const i = Math.floor(at / band);
    setHover(i >= 0 && i < categories.length ? i : null);
  };

  return (
    <>
      <div className="helio-light-chart__legend">
        {series.map((s, i) => (
          <button
            key={i}
            type="button"
            aria-pressed={!hidden.has(i)}
            className={hidden.has(i) ? 'helio-light-chart__key is-off' : 'helio-light-chart__key'}
            onClick={() => setHidden((h) => (h.has(i) ? new Set([...h].filter((k) => k !== i)) : new Set([...h, i])))}
          >
            <span aria-hidden className="helio-light-chart__swatch" style={{ background: colour(s, i) }} />
            {s.name}
          </button>
        ))}
      </div>
      <div ref={box} role="img" aria-label={label} className="helio-station-chart helio-light-chart" style={{ height, position: 'relative' }}>
        {width > 0 ? (
          <svg width={width} height={height} onMouseMove={onMove} onMouseLeave={() => setHover(null)} aria-hidden>
            <text x={4} y={12} fontSize={12} fill={token.colorTextSecondary}>
              {units[0]}
            </text>
            {ticks.map((v, k) => (
              <g key={v}>
                <line x1={left} x2={left + plotW} y1={y(v)} y2={y(v)} stroke={token.colorBorderSecondary} />
                <text x={left - 6} y={y(v) + 4} fontSize={12} textAnchor="end" fill={token.colorTextSecondary}>
                  {tickText[k]}
                </text>
              </g>
            ))}
            {categories.map((c, i) =>
              i % every === 0 ? (
                <text key={i} x={x(i)} y={height - 8} fontSize={12} textAnchor="middle" fill={token.colorTextSecondary}>
                  {c}
                </text>
              ) : null,
            )}
            {hover !== null ? <rect x={left + band * hover} y={PAD.top} width={band} height={plotH} fill={token.colorFillTertiary} /> : null}
            {bars.map(({ s, i }, k) =>
              s.data.map((v, c) =>
                v !== null && v > 0 ? (
                  <rect
                    key={`${i}-${c}`}
                    data-mark="bar"
                    x={x(c) - (barW * bars.length) / 2 + k * barW}
                    y={y(v)}
                    width={Math.max(1, barW - 1)}
                    height={Math.max(0, y(0) - y(v))}
                    fill={colour(s, i)}
                  />
                ) : null,
              ),
            )}
            {shown
              .filter(({ s }) => (s.type ?? 'line') === 'line')
              .map(({ s, i }) => (
                <path key={i} data-mark="line" d={linePath(s.data, x, y)} fill="none" stroke={colour(s, i)} strokeWidth={2} />
              ))}
          </svg>
        ) : null}
        {hover !== null ? (
          <div className="helio-light-chart__tip" style={{ left: Math.min(x(hover) + 12, Math.max(0, width - 180)), top: PAD.top }}>
            <div>{categories[hover]}</div>
            {shown.map(({ s, i }) => (
              <div key={i}>
                <span aria-hidden className="helio-light-chart__swatch" style={{ background: colour(s, i) }} />
                {s.name}: {formatNumber(s.data[hover], 2, i18n.language)}
              </div>
            ))}
          </div>
        ) : null}
      </div>
      <ChartTable option={option} caption={label} />
    </>
  );
}
