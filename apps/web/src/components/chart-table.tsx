/**
 * The text alternative of an ECharts chart (WCAG 1.1.1): a toggle under the chart shows the figures it draws as a
 * table — one row per category (time, day, group), one column per series — read from the chart's own option, so
 * the table cannot drift from the picture. Every category chart of the console renders one.
 */
import { useId, useState } from 'react';
import { Button } from 'antd';
import { TableOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

interface Axis {
  type?: string;
  data?: unknown[];
}

interface SeriesOption {
  name?: string;
  data?: unknown[];
}

export interface ChartFigures {
  categories: string[];
  series: { name: string; data: (number | null)[] }[];
}

const asArray = <T,>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** Pure: the categories and series of a category chart's option (the category axis may be either axis). */
export function chartFigures(option: Record<string, unknown>): ChartFigures {
  const axes = [...asArray(option.xAxis as Axis | Axis[]), ...asArray(option.yAxis as Axis | Axis[])];
  const categoryAxis = axes.find((axis) => axis.type === 'category' && Array.isArray(axis.data));
  const categories = (categoryAxis?.data ?? []).map((c) => String(c));
  const series = asArray(option.series as SeriesOption | SeriesOption[]).map((s) => ({
    name: s.name ?? '',
    data: (s.data ?? []).map((d) => (typeof d === 'number' ? d : Array.isArray(d) && typeof d[1] === 'number' ? d[1] : null)),
  }));
  return { categories, series };
}

export function ChartTable({ option, caption }: { option: Record<string, unknown>; caption: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const id = useId();
  const { categories, series } = chartFigures(option);
  return (
    <div className="helio-chart-table">
      <Button
        type="link"
        size="small"
        icon={<TableOutlined />}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        {t(open ? 'common.a11y.chartHide' : 'common.a11y.chartShow')}
      </Button>
      {open ? (
        <div id={id} className="helio-chart-table__scroll" tabIndex={0} role="region" aria-label={caption}>
          <table>
            <caption>{caption}</caption>
            <thead>
              <tr>
                <th scope="col">{t('common.a11y.chartCategory')}</th>
                {series.map((s, i) => (
                  <th scope="col" key={i}>
                    {s.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {categories.map((category, row) => (
                <tr key={row}>
                  <th scope="row">{category}</th>
                  {series.map((s, i) => (
                    <td key={i}>{s.data[row] ?? '–'}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
