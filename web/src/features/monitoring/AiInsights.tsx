import { BulbOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Flex, Typography, theme } from 'antd';
import type { AnalysisResult } from './monitoringApi';
import { formatMoment } from './monitoringLabels';

interface AiInsightsProps {
  analysis: AnalysisResult | null;
  running: boolean;
  onRun: () => void;
}

function RunButton({ running, onRun, label }: { running: boolean; onRun: () => void; label: string }) {
  return (
    <Button type="primary" icon={<ThunderboltOutlined />} disabled={running} loading={running} onClick={onRun}>
      {running ? 'Analyzing...' : label}
    </Button>
  );
}

/** A text analysis is shown as it is; a structured one by its summary, then in full as JSON. */
function AnalysisBody({ analysis }: { analysis: AnalysisResult['ai_analysis'] }) {
  const { token } = theme.useToken();
  if (typeof analysis === 'string') {
    return <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{analysis}</Typography.Paragraph>;
  }
  const summary = typeof analysis?.summary === 'string' ? analysis.summary : undefined;
  return (
    <Flex vertical gap="middle">
      {summary ? (
        <Typography.Paragraph strong style={{ fontSize: token.fontSizeLG, margin: 0 }}>
          {summary}
        </Typography.Paragraph>
      ) : null}
      <pre
        aria-label="Analysis details"
        tabIndex={0}
        style={{
          margin: 0,
          maxHeight: 480,
          overflow: 'auto',
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
    </Flex>
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
    <Card title="AI Analysis" extra={<RunButton running={running} onRun={onRun} label="Run Again" />} size="small">
      <Flex vertical gap="middle">
        <Typography.Text type="secondary">
          Last analysis: <time dateTime={analysis.timestamp}>{formatMoment(analysis.timestamp)}</time>
        </Typography.Text>
        <AnalysisBody analysis={analysis.ai_analysis} />
      </Flex>
    </Card>
  );
}
