import {
  ALERT_SEVERITIES,
  type AlertSeverity,
  type Anomaly,
  type DiskForecast,
  type MetricTrend,
  type StructuredAnalysis,
} from '@sixa/contracts/browser';
import {
  ArrowDownOutlined,
  ArrowRightOutlined,
  ArrowUpOutlined,
  BulbOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import { Card, Col, Empty, Flex, Row, Tag, Typography, theme } from 'antd';
import { useId, type ReactNode } from 'react';
import { AccessButton } from '../../shared/access';
import type { AnalysisResult } from './monitoringApi';
import { formatMoment, formatValue, localizeTimes, metricLabel, severityTagColor } from './monitoringLabels';

interface AiInsightsProps {
  analysis: AnalysisResult | null;
  running: boolean;
  onRun: () => void;
}

function RunButton({ running, onRun, label }: { running: boolean; onRun: () => void; label: string }) {
  return (
    <AccessButton
      route="POST /monitoring/analyze"
      type="primary"
      icon={<ThunderboltOutlined />}
      disabled={running}
      loading={running}
      onClick={onRun}
    >
      {running ? 'Analyzing...' : label}
    </AccessButton>
  );
}

/** Text that wraps whatever it holds (long names, URLs), so no line runs off the screen. */
const wrapping = { margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

function isStructured(value: unknown): value is StructuredAnalysis {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<Record<keyof StructuredAnalysis, unknown>>;
  return (
    typeof v.summary === 'string' &&
    Array.isArray(v.trends) &&
    Array.isArray(v.anomalies) &&
    Array.isArray(v.recommendations)
  );
}

/** One titled part of the analysis, named for assistive technology by its heading. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Card size="small" style={{ height: '100%' }}>
      <section aria-labelledby={id}>
        <Typography.Title level={5} id={id} style={{ marginTop: 0 }}>
          {title}
        </Typography.Title>
        {children}
      </section>
    </Card>
  );
}

const TREND_ICON = { rising: <ArrowUpOutlined />, falling: <ArrowDownOutlined />, steady: <ArrowRightOutlined /> };
const TREND_COLOR = { rising: 'orange', falling: 'blue', steady: 'default' } as const;

function TrendRow({ trend }: { trend: MetricTrend }) {
  const { name, unit } = metricLabel(trend.metric);
  const slope =
    trend.slope_per_hour === null
      ? null
      : `${trend.slope_per_hour > 0 ? '+' : ''}${formatValue(trend.slope_per_hour, unit.trim())}/h`;
  return (
    <li>
      <Flex wrap gap="small" align="baseline">
        <Typography.Text strong>{name}</Typography.Text>
        <Typography.Text>{formatValue(trend.current, unit)}</Typography.Text>
        <Tag color={TREND_COLOR[trend.trend] ?? 'default'} icon={TREND_ICON[trend.trend]}>
          {trend.trend}
        </Tag>
      </Flex>
      <Typography.Text type="secondary" style={wrapping}>
        {`mean ${formatValue(trend.mean, unit)}, range ${formatValue(trend.min, unit)} – ${formatValue(trend.max, unit)}`}
        {slope ? `, ${slope}` : ''}
      </Typography.Text>
    </li>
  );
}

function AnomalyRow({ anomaly }: { anomaly: Anomaly }) {
  const { name, unit } = metricLabel(anomaly.metric);
  return (
    <li>
      <Typography.Paragraph style={wrapping}>
        <Typography.Text strong>{name}</Typography.Text>
        {` ${formatValue(anomaly.value, unit)} at `}
        <time dateTime={anomaly.at}>{formatMoment(anomaly.at)}</time>
        {`: ${formatValue(Math.abs(anomaly.z_score))} standard deviations ${anomaly.z_score >= 0 ? 'above' : 'below'} the usual ${formatValue(anomaly.baseline_mean, unit)}`}
      </Typography.Paragraph>
    </li>
  );
}

function DiskForecastText({ disk }: { disk: DiskForecast | null }) {
  if (!disk) return <Typography.Text type="secondary">Not enough disk history to forecast yet.</Typography.Text>;
  if (!disk.full_at) {
    return (
      <Typography.Paragraph style={wrapping}>
        {`Disk usage ${formatValue(disk.current, '%')} is not rising (${formatValue(disk.rate_per_hour, '%')}/h): no fill-up expected.`}
      </Typography.Paragraph>
    );
  }
  return (
    <Typography.Paragraph style={wrapping}>
      {`Disk usage ${formatValue(disk.current, '%')}, rising ${formatValue(disk.rate_per_hour, '%')}/h: full around `}
      <time dateTime={disk.full_at}>{formatMoment(disk.full_at)}</time>
      {disk.hours_to_full !== null ? ` (in about ${formatValue(disk.hours_to_full)} hours).` : '.'}
    </Typography.Paragraph>
  );
}

const listStyle = { margin: 0, paddingInlineStart: 20 } as const;

/** The structured analysis as sections: summary, trends, anomalies, forecast, alerts, recommendations. */
function StructuredView({ analysis }: { analysis: StructuredAnalysis }) {
  const { token } = theme.useToken();
  const measured = analysis.trends.filter((trend) => trend.current !== null);
  const bySeverity = analysis.alerts?.by_severity;
  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <Section title="Summary">
          <Typography.Paragraph style={{ ...wrapping, fontSize: token.fontSizeLG }}>
            {localizeTimes(analysis.summary)}
          </Typography.Paragraph>
          {analysis.narrative ? (
            <Typography.Paragraph style={{ ...wrapping, marginTop: token.marginSM }}>
              {localizeTimes(analysis.narrative)}
            </Typography.Paragraph>
          ) : null}
          {analysis.window?.from && analysis.window.to ? (
            <Typography.Text type="secondary" style={{ display: 'block', marginTop: token.marginSM }}>
              {`${analysis.window.samples} samples from `}
              <time dateTime={analysis.window.from}>{formatMoment(analysis.window.from)}</time>
              {' to '}
              <time dateTime={analysis.window.to}>{formatMoment(analysis.window.to)}</time>
            </Typography.Text>
          ) : null}
        </Section>
      </Col>
      <Col xs={24} lg={12}>
        <Section title="Trends">
          {measured.length ? (
            <Flex
              vertical
              gap="small"
              component="ul"
              style={{ ...listStyle, listStyle: 'none', paddingInlineStart: 0 }}
            >
              {measured.map((trend) => (
                <TrendRow key={trend.metric} trend={trend} />
              ))}
            </Flex>
          ) : (
            <Typography.Text type="secondary">No measurements in the window yet.</Typography.Text>
          )}
        </Section>
      </Col>
      <Col xs={24} lg={12}>
        <Flex vertical gap={16} style={{ height: '100%' }}>
          <Section title="Anomalies">
            {analysis.anomalies.length ? (
              <ul style={listStyle}>
                {analysis.anomalies.map((anomaly) => (
                  <AnomalyRow key={`${anomaly.metric}-${anomaly.at}`} anomaly={anomaly} />
                ))}
              </ul>
            ) : (
              <Typography.Text type="secondary">
                No anomalies against the baseline in the last 30 minutes.
              </Typography.Text>
            )}
          </Section>
          <Section title="Forecast">
            <DiskForecastText disk={analysis.forecast?.disk ?? null} />
          </Section>
          {analysis.alerts ? (
            <Section title="Alerts">
              <Typography.Paragraph style={wrapping}>
                {`${analysis.alerts.open} open, ${analysis.alerts.last_24h} raised in the last 24 hours.`}
              </Typography.Paragraph>
              {bySeverity ? (
                <Flex wrap gap="small">
                  {ALERT_SEVERITIES.filter((severity: AlertSeverity) => bySeverity[severity] > 0).map((severity) => (
                    <Tag key={severity} color={severityTagColor[severity]}>
                      {`${bySeverity[severity]} ${severity}`}
                    </Tag>
                  ))}
                </Flex>
              ) : null}
            </Section>
          ) : null}
        </Flex>
      </Col>
      <Col span={24}>
        <Section title="Recommendations">
          <ol style={listStyle}>
            {analysis.recommendations.map((text) => (
              <li key={text}>
                <Typography.Text style={wrapping}>{localizeTimes(text)}</Typography.Text>
              </li>
            ))}
          </ol>
        </Section>
      </Col>
    </Row>
  );
}

/**
 * A text analysis is shown as it is (times in the reader's locale); the structured one of the
 * contract as readable sections; any other object as wrapped, formatted JSON (spec s.2).
 */
function AnalysisBody({ analysis }: { analysis: AnalysisResult['ai_analysis'] }) {
  const { token } = theme.useToken();
  if (typeof analysis === 'string') {
    return <Typography.Paragraph style={wrapping}>{localizeTimes(analysis)}</Typography.Paragraph>;
  }
  if (isStructured(analysis)) return <StructuredView analysis={analysis} />;
  return (
    <pre
      aria-label="Analysis details"
      style={{
        ...wrapping,
        padding: token.paddingSM,
        borderRadius: token.borderRadius,
        background: token.colorFillTertiary,
        color: token.colorText,
        fontFamily: token.fontFamilyCode,
        fontSize: token.fontSizeSM,
      }}
    >
      {JSON.stringify(analysis, null, 2)}
    </pre>
  );
}

/** The AI Insights tab: the last analysis of this visit, or a way to run one. */
export function AiInsights({ analysis, running, onRun }: AiInsightsProps) {
  if (!analysis) {
    return (
      <Empty image={<BulbOutlined style={{ fontSize: 48 }} />} description="No Recent Analysis">
        <RunButton running={running} onRun={onRun} label="Run Enhanced AI Analysis" />
      </Empty>
    );
  }
  return (
    <Flex vertical gap="middle">
      <Flex justify="space-between" align="center" wrap gap="small">
        <Typography.Text type="secondary">
          Last analysis: <time dateTime={analysis.timestamp}>{formatMoment(analysis.timestamp)}</time>
        </Typography.Text>
        <RunButton running={running} onRun={onRun} label="Run Again" />
      </Flex>
      <AnalysisBody analysis={analysis.ai_analysis} />
    </Flex>
  );
}
