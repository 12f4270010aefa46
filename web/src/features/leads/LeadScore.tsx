import type { Lead } from '@sixa/contracts';
import { leadLabel } from '@sixa/contracts/src/crm';
import { Flex, Progress, Tooltip, Typography, theme } from 'antd';
import { describeFactor } from './leadLabels';

/** The score bar; hovering lists why the lead has that score. */
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
        <Progress percent={lead.score} size="small" strokeColor={color} format={() => lead.score} />
        {overridden ? (
          <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
            (set by admin)
          </Typography.Text>
        ) : null}
      </Flex>
    </Tooltip>
  );
}
