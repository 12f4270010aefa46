import { leadLabel, type Lead } from '@sixa/contracts/browser';
import { Flex, Tooltip, Typography, theme } from 'antd';
import { describeFactor } from './leadLabels';

/**
 * The score bar (antd Progress's small line, drawn here: the list needs nothing else of Progress);
 * hovering lists why the lead has that score.
 */
export function LeadScore({ lead }: { lead: Lead }) {
  const { token } = theme.useToken();
  const overridden = lead.score_override !== null;
  const color = { Hot: token.colorError, Warm: token.colorWarning, Cold: token.colorPrimary }[leadLabel(lead.score)];

  const reasons = (
    <Flex vertical gap={2}>
      {overridden ? <span>Score set by an admin to {lead.score_override}. Computed from:</span> : null}
      {lead.score_factors.map((factor) => (
        <span key={factor.factor}>{describeFactor(factor)}</span>
      ))}
    </Flex>
  );

  return (
    <Tooltip title={reasons}>
      <Flex vertical style={{ minWidth: 0 }}>
        <Flex align="center" gap={token.marginXS}>
          <div
            role="progressbar"
            aria-label="Score"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={lead.score}
            style={{ flex: 1, height: 6, borderRadius: 100, background: token.colorFillSecondary }}
          >
            <div style={{ width: `${lead.score}%`, height: '100%', borderRadius: 100, background: color }} />
          </div>
          <Typography.Text style={{ minWidth: '2em', fontSize: token.fontSizeSM }}>{lead.score}</Typography.Text>
        </Flex>
        {overridden ? (
          <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
            (set by admin)
          </Typography.Text>
        ) : null}
      </Flex>
    </Tooltip>
  );
}
