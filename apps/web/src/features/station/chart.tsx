import ReactEChartsCore from 'echarts-for-react/esm/core';
import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { ChartTable } from '@/components/chart-table';
import type { EChartsCoreOption } from 'echarts/core';
import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { COLORS } from './chart-colors';

// Tree-shaken ECharts (stack-notes "Front end": import the ESM core wrapper, or the chart renders blank).
echarts.use([BarChart, LineChart, GridComponent, TooltipComponent, LegendComponent, DataZoomComponent, CanvasRenderer]);

export interface Series {
  /** Legend text (already translated). */
  name: string;
  data: (number | null)[];
  type?: 'line' | 'bar';
  /** Axis index: 0 left, 1 right. */
  yAxis?: 0 | 1;
  color?: string;
  area?: boolean;
}

export interface ChartProps {
  categories: string[];
  series: Series[];
  /** Axis unit labels, e.g. `['kWh']` or `['kW', '%']`. */
  units: string[];
  height?: number;
  /** Accessible name of the chart container. */
  label: string;
}

export { COLORS } from './chart-colors';

/** Pure: the ECharts option of a category chart (exported for tests). */
export function chartOption({ categories, series, units }: Pick<ChartProps, 'categories' | 'series' | 'units'>): EChartsCoreOption {
  return {
    animation: false,
    color: Object.values(COLORS),
    tooltip: { trigger: 'axis', confine: true },
    legend: { top: 0, type: 'scroll' },
    grid: { left: 8, right: units.length > 1 ? 8 : 16, top: 48, bottom: categories.length > 40 ? 40 : 8, containLabel: true },
    xAxis: { type: 'category', data: categories, boundaryGap: series.some((s) => s.type === 'bar') },
    yAxis: units.map((unit, i) => ({
      type: 'value',
      name: unit,
      nameTextStyle: { align: i === 0 ? 'left' : 'right' },
      splitLine: { show: i === 0 },
      scale: false,
    })),
    dataZoom: categories.length > 40 ? [{ type: 'inside' }, { type: 'slider', height: 16, bottom: 8 }] : [],
    series: series.map((s) => ({
      name: s.name,
      type: s.type ?? 'line',
      data: s.data,
      yAxisIndex: s.yAxis ?? 0,
      smooth: (s.type ?? 'line') === 'line',
      showSymbol: false,
      connectNulls: false,
      barMaxWidth: 18,
      ...(s.color ? { itemStyle: { color: s.color }, lineStyle: { color: s.color } } : {}),
      ...(s.area ? { areaStyle: { opacity: 0.15 } } : {}),
    })),
  };
}

/** A line/bar chart over categories (times, days, months); an empty state when there is no data. */
export function Chart({ categories, series, units, height = 300, label }: ChartProps) {
  const { t } = useTranslation();
  if (categories.length === 0) {
    return (
      <div style={{ height, display: 'flex', alignItems: 'center', justifyContent: 'center' }} aria-label={label}>
        <Empty description={t('station.noData')} />
      </div>
    );
  }
  const option = chartOption({ categories, series, units });
  return (
    <>
      <div role="img" aria-label={label} className="helio-station-chart">
        <ReactEChartsCore echarts={echarts} option={option} notMerge style={{ height, width: '100%' }} />
      </div>
      <ChartTable option={option} caption={label} />
    </>
  );
}
