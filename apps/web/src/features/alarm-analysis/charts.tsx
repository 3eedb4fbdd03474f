/** The analysis page's two charts (tree-shaken ECharts, loaded with the page's chunk as the station charts are). */
import ReactEChartsCore from 'echarts-for-react/esm/core';
import * as echarts from 'echarts/core';
import { BarChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { ChartTable } from '@/components/chart-table';
import type { EChartsCoreOption } from 'echarts/core';
import { Empty } from 'antd';

echarts.use([BarChart, GridComponent, TooltipComponent, LegendComponent, DataZoomComponent, CanvasRenderer]);

/** Category colours (alarm_category order: grid, pv, battery, insulation, temperature, communication, safety, device). */
export const CATEGORY_COLOURS: Record<string, string> = {
  grid: '#e8684a',
  pv: '#f5a623',
  battery: '#9270ca',
  insulation: '#269a99',
  temperature: '#ff4d4f',
  communication: '#5b8ff9',
  safety: '#cf1322',
  device: '#8c8c8c',
};
const MTTA_COLOUR = '#5b8ff9';
const MTTR_COLOUR = '#5ad8a6';

/** Pure: MTTA and MTTR bars per group, groups down the vertical axis (names can be long). */
export function timesOption(names: string[], mtta: (number | null)[], mttr: (number | null)[], legend: [string, string], unit: string): EChartsCoreOption {
  return {
    animation: false,
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, confine: true },
    legend: { top: 0 },
    grid: { left: 8, right: 24, top: 32, bottom: 8, containLabel: true },
    xAxis: { type: 'value', name: unit },
    yAxis: { type: 'category', data: names, inverse: true, axisLabel: { width: 160, overflow: 'truncate' } },
    dataZoom: names.length > 15 ? [{ type: 'inside', yAxisIndex: 0 }, { type: 'slider', yAxisIndex: 0, width: 14, right: 4 }] : [],
    series: [
      { name: legend[0], type: 'bar', data: mtta, itemStyle: { color: MTTA_COLOUR }, barMaxWidth: 14 },
      { name: legend[1], type: 'bar', data: mttr, itemStyle: { color: MTTR_COLOUR }, barMaxWidth: 14 },
    ],
  };
}

/** Pure: alarms per day, one stacked bar series per category. */
export function categoryOption(days: string[], series: { key: string; name: string; counts: number[] }[]): EChartsCoreOption {
  return {
    animation: false,
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, confine: true },
    legend: { top: 0, type: 'scroll' },
    grid: { left: 8, right: 16, top: 40, bottom: days.length > 45 ? 40 : 8, containLabel: true },
    xAxis: { type: 'category', data: days },
    yAxis: { type: 'value', minInterval: 1 },
    dataZoom: days.length > 45 ? [{ type: 'inside' }, { type: 'slider', height: 16, bottom: 8 }] : [],
    series: series.map((s) => ({ name: s.name, type: 'bar', stack: 'alarms', data: s.counts, itemStyle: { color: CATEGORY_COLOURS[s.key] ?? '#8c8c8c' }, barMaxWidth: 24 })),
  };
}

/** A chart with an accessible name, or the empty state. */
export function ChartBox({ option, label, empty, emptyText, height = 320, testId }: { option: EChartsCoreOption; label: string; empty: boolean; emptyText: string; height?: number; testId: string }) {
  if (empty) {
    return (
      <div style={{ height, display: 'flex', alignItems: 'center', justifyContent: 'center' }} data-testid={testId}>
        <Empty description={emptyText} />
      </div>
    );
  }
  return (
    <>
      <div role="img" aria-label={label} data-testid={testId}>
        <ReactEChartsCore echarts={echarts} option={option} notMerge style={{ height, width: '100%' }} />
      </div>
      <ChartTable option={option} caption={label} />
    </>
  );
}
