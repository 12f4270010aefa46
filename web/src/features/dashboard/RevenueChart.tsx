import type { RevenueMonth } from '@sixa/contracts/browser';
import { theme } from 'antd';
import * as Highcharts from 'highcharts';
import 'highcharts/modules/accessibility';
// The named export (see monitoring/MetricCharts.tsx: this CommonJS package under Node's ESM rules).
import { HighchartsReact } from 'highcharts-react-official';
import { useMemo } from 'react';
import { formatUsd } from '../../shared/money';

const CHART_HEIGHT = 280;

const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'short', year: '2-digit', timeZone: 'UTC' });

/** `2026-03` -> "Mar 26" (the month as the server counted it, not shifted by the browser's zone). */
export function monthLabel(month: string): string {
  const [year, mon] = month.split('-').map(Number);
  if (!year || !mon) return month;
  return monthFormat.format(new Date(Date.UTC(year, mon - 1, 1)));
}

/**
 * Accepted quotes' revenue per month, the last twelve. Its own chunk: Highcharts loads after the
 * dashboard has painted its figures.
 */
export default function RevenueChart({ months }: { months: RevenueMonth[] }) {
  const { token } = theme.useToken();
  const options = useMemo<Highcharts.Options>(() => {
    const axisText = { color: token.colorTextSecondary, fontSize: `${token.fontSizeSM}px` };
    return {
      chart: { type: 'column', height: CHART_HEIGHT, backgroundColor: 'transparent', spacingTop: 8 },
      title: { text: undefined },
      credits: { enabled: false },
      legend: { enabled: false },
      accessibility: { description: 'Revenue from accepted quotes per month over the last twelve months' },
      xAxis: {
        categories: months.map((m) => monthLabel(m.month)),
        labels: { style: axisText },
        lineColor: token.colorBorder,
        tickColor: token.colorBorder,
      },
      yAxis: {
        title: { text: undefined },
        min: 0,
        labels: {
          style: axisText,
          formatter() {
            const v = Number(this.value);
            return v >= 1_000_000 ? `$${v / 1_000_000}M` : v >= 1_000 ? `$${v / 1_000}k` : `$${v}`;
          },
        },
        gridLineColor: token.colorBorderSecondary,
      },
      tooltip: {
        backgroundColor: token.colorBgElevated,
        borderColor: token.colorBorder,
        style: { color: token.colorText },
        formatter() {
          const month = months[this.index];
          const quotes = month ? `${month.quotes} quote${month.quotes === 1 ? '' : 's'} accepted` : '';
          return `<b>${String(this.x)}</b><br/>${formatUsd(Number(this.y))}<br/>${quotes}`;
        },
      },
      plotOptions: {
        column: { color: token.colorPrimary, borderRadius: 4, borderWidth: 0, maxPointWidth: 36 },
      },
      series: [{ type: 'column', name: 'Revenue', data: months.map((m) => m.revenue) }],
    };
  }, [months, token]);

  return <HighchartsReact highcharts={Highcharts} options={options} />;
}
