/**
 * The service KPIs' charts (tree-shaken ECharts, in the KPI section's own chunk so the list does not wait for it):
 * call-ins and closed orders per month, and the cost by fee type. Each chart is an image with its name and the
 * figures as a table under it (components/chart-table.tsx); without figures, the empty state.
 */
import ReactEChartsCore from 'echarts-for-react/esm/core';
import * as echarts from 'echarts/core';
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { EChartsCoreOption } from 'echarts/core';
import { Empty } from 'antd';
import { ChartTable } from '@/components/chart-table';

echarts.use([BarChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

const CALL_IN = '#5b8ff9';
const CLOSED = '#5ad8a6';
const COST = '#f6bd16';

/** Pure: call-ins and closed orders per month, side by side. */
export function monthsOption(months: string[], callIns: number[], closed: number[], legend: [string, string]): EChartsCoreOption {
  return {
    animation: false,
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, confine: true },
    legend: { top: 0 },
    grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: months },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { name: legend[0], type: 'bar', data: callIns, itemStyle: { color: CALL_IN }, barMaxWidth: 20 },
      { name: legend[1], type: 'bar', data: closed, itemStyle: { color: CLOSED }, barMaxWidth: 20 },
    ],
  };
}

/** Pure: the cost per fee type (fee types down the axis: their names, with their number of orders, can be long). */
export function costOption(names: string[], cost: number[], legend: string): EChartsCoreOption {
  return {
    animation: false,
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, confine: true },
    grid: { left: 8, right: 24, top: 16, bottom: 8, containLabel: true },
    xAxis: { type: 'value' },
    yAxis: { type: 'category', data: names, inverse: true, axisLabel: { width: 180, overflow: 'truncate' } },
    series: [{ name: legend, type: 'bar', data: cost, itemStyle: { color: COST }, barMaxWidth: 20 }],
  };
}

/** A chart with an accessible name and its figures as a table, or the empty state. */
export function KpiChart({ option, label, empty, emptyText, height = 280, testId }: { option: EChartsCoreOption; label: string; empty: boolean; emptyText: string; height?: number; testId: string }) {
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
