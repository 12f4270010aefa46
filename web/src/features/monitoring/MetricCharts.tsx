import type { ChartDataResponse, ChartSeries, ChartSeriesKey } from '@sixa/contracts/browser';
import { Card, Col, Empty, Row, theme, type GlobalToken } from 'antd';
import * as Highcharts from 'highcharts';
import 'highcharts/modules/accessibility';
// The named export: a default import of this CommonJS package is its whole exports object under
// Node's ESM rules, which the production build follows (web is "type": "module").
import { HighchartsReact } from 'highcharts-react-official';
import { useMemo } from 'react';
import { ChartErrorBoundary } from '../../shared/ChartErrorBoundary';

/** Spec s.9: 300 px high, smooth filled lines with small points. */
const CHART_HEIGHT = 300;

interface ChartSpec {
  key: ChartSeriesKey;
  title: string;
  unit: string;
  color: (token: GlobalToken) => string;
}

/** Colours (spec s.9): CPU blue, memory green, latency purple, API time amber. */
const CHARTS: ChartSpec[] = [
  { key: 'cpu_usage', title: 'CPU Usage %', unit: '%', color: (token) => token.blue },
  { key: 'memory_usage', title: 'Memory Usage %', unit: '%', color: (token) => token.green },
  { key: 'network_latency', title: 'Network Latency ms', unit: ' ms', color: (token) => token.purple },
  { key: 'api_response_time', title: 'API Response Time ms', unit: ' ms', color: (token) => token.colorWarning },
];

/** A series is drawn only when it has at least one measured value. */
export function hasData(series: ChartSeries | undefined): series is ChartSeries {
  return !!series && series.data.some((value) => value !== null && value !== undefined);
}

function chartOptions(spec: ChartSpec, series: ChartSeries, token: GlobalToken): Highcharts.Options {
  const color = spec.color(token);
  const axisText = { color: token.colorTextSecondary, fontSize: `${token.fontSizeSM}px` };
  return {
    chart: { type: 'areaspline', height: CHART_HEIGHT, backgroundColor: 'transparent', spacingTop: 8 },
    title: { text: undefined },
    credits: { enabled: false },
    // Operators read times in their own zone (Highcharts 12 defaults to UTC).
    time: { timezone: Intl.DateTimeFormat().resolvedOptions().timeZone },
    legend: { enabled: false },
    accessibility: { description: `${spec.title} over the last hours` },
    xAxis: {
      type: 'datetime',
      labels: { style: axisText, format: '{value:%H:%M}' },
      lineColor: token.colorBorder,
      tickColor: token.colorBorder,
    },
    yAxis: {
      title: { text: undefined },
      min: 0,
      max: spec.unit === '%' ? 100 : undefined,
      labels: { style: axisText, format: `{value}${spec.unit}` },
      gridLineColor: token.colorBorderSecondary,
    },
    tooltip: {
      valueDecimals: 1,
      valueSuffix: spec.unit,
      xDateFormat: '%H:%M',
      backgroundColor: token.colorBgElevated,
      borderColor: token.colorBorder,
      style: { color: token.colorText },
    },
    plotOptions: {
      areaspline: {
        color,
        fillOpacity: 0.15,
        lineWidth: 2,
        marker: { enabled: true, radius: 2 },
        connectNulls: false,
      },
    },
    series: [
      {
        type: 'areaspline',
        name: spec.title,
        data: series.labels.map((label, index) => [Date.parse(label), series.data[index] ?? null]),
      },
    ],
  };
}

function MetricChart({ spec, series }: { spec: ChartSpec; series: ChartSeries }) {
  const { token } = theme.useToken();
  const options = useMemo(() => chartOptions(spec, series, token), [spec, series, token]);
  return (
    <Card title={spec.title} size="small">
      <ChartErrorBoundary title={spec.title}>
        <HighchartsReact
          highcharts={Highcharts}
          options={options}
          containerProps={{ role: 'figure', 'aria-label': spec.title, style: { height: CHART_HEIGHT } }}
        />
      </ChartErrorBoundary>
    </Card>
  );
}

/** Dashboard charts of the last 6 hours: one per series that has data. */
export function MetricCharts({ chartData }: { chartData: ChartDataResponse | undefined }) {
  const shown = CHARTS.flatMap((spec) => {
    const series = chartData?.chart_data?.[spec.key];
    return hasData(series) ? [{ spec, series }] : [];
  });
  if (shown.length === 0) {
    return (
      <Card>
        <Empty description="No metric history yet" />
      </Card>
    );
  }
  return (
    <Row gutter={[16, 16]}>
      {shown.map(({ spec, series }) => (
        <Col key={spec.key} xs={24} xl={12}>
          <MetricChart spec={spec} series={series} />
        </Col>
      ))}
    </Row>
  );
}
