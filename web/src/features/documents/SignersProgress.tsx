import type { SignerStatus, SigningOrder } from '@sixa/contracts/browser';
import {
  CheckCircleFilled,
  ClockCircleOutlined,
  CloseCircleFilled,
  EyeOutlined,
  MailOutlined,
} from '@ant-design/icons';
import { Flex, Progress, Tag, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../shared/formatDate';
import { humanize, SIGNER_STATUS_COLOR, SIGNER_STATUS_LABEL } from './documentLabels';

/** A signer as the envelope (staff) or the signing session (the signer's page) gives it. */
export interface SignerProgressEntry {
  name: string;
  role: string;
  order: number;
  status: SignerStatus;
  email?: string;
  viewed_at?: string | null;
  signed_at?: string | null;
  declined_at?: string | null;
  decline_reason?: string | null;
}

interface SignersProgressProps {
  signers: readonly SignerProgressEntry[];
  order?: SigningOrder;
  /** The signer looking at the list (their page): marked 'You'. */
  currentName?: string;
}

function StatusIcon({ status }: { status: SignerStatus }) {
  const { token } = theme.useToken();
  const icons: Record<SignerStatus, ReactNode> = {
    signed: <CheckCircleFilled style={{ color: token.colorSuccess }} />,
    declined: <CloseCircleFilled style={{ color: token.colorError }} />,
    viewed: <EyeOutlined style={{ color: token.colorInfo }} />,
    sent: <MailOutlined style={{ color: token.colorPrimary }} />,
    waiting: <ClockCircleOutlined style={{ color: token.colorTextTertiary }} />,
  };
  return <span aria-hidden>{icons[status] ?? null}</span>;
}

function when(signer: SignerProgressEntry): string | null {
  if (signer.status === 'signed' && signer.signed_at) return `Signed ${formatDateTime(signer.signed_at)}`;
  if (signer.status === 'declined' && signer.declined_at) return `Declined ${formatDateTime(signer.declined_at)}`;
  if (signer.viewed_at) return `Viewed ${formatDateTime(signer.viewed_at)}`;
  return null;
}

/** Who signs, in which order, and how far each has got; 'n of m signed' above. */
export function SignersProgress({ signers, order, currentName }: SignersProgressProps) {
  const { token } = theme.useToken();
  const sorted = [...signers].sort((a, b) => a.order - b.order);
  const signed = signers.filter((s) => s.status === 'signed').length;
  const declined = signers.some((s) => s.status === 'declined');
  const percent = signers.length ? Math.round((signed / signers.length) * 100) : 0;

  return (
    <Flex vertical gap="small">
      <Flex align="center" gap="middle" wrap>
        <Typography.Text strong>
          {signed} of {signers.length} signed
        </Typography.Text>
        {order ? (
          <Typography.Text type="secondary">
            {order === 'sequential' ? 'Sequential: one after another' : 'Parallel: all at once'}
          </Typography.Text>
        ) : null}
      </Flex>
      <Progress
        percent={percent}
        status={declined ? 'exception' : percent === 100 ? 'success' : 'active'}
        showInfo={false}
        aria-label={`${signed} of ${signers.length} signed`}
      />
      <ol aria-label="Signers" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {sorted.map((signer, index) => {
          const detail = when(signer);
          return (
            <li
              key={`${signer.order}-${signer.name}-${index}`}
              style={{
                display: 'flex',
                gap: token.marginSM,
                alignItems: 'flex-start',
                padding: `${token.paddingXS}px 0`,
                borderTop: index ? `${token.lineWidth}px ${token.lineType} ${token.colorSplit}` : undefined,
              }}
            >
              <Typography.Text type="secondary" style={{ minWidth: 20 }}>
                {signer.order}.
              </Typography.Text>
              <StatusIcon status={signer.status} />
              <Flex vertical style={{ flex: 1, minWidth: 0 }}>
                <Typography.Text strong>
                  {signer.name}
                  {currentName && currentName === signer.name ? (
                    <Typography.Text type="secondary"> (you)</Typography.Text>
                  ) : null}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
                  {[signer.email, signer.role].filter(Boolean).join(' · ')}
                </Typography.Text>
                {detail ? <Typography.Text type="secondary">{detail}</Typography.Text> : null}
                {signer.decline_reason ? (
                  <Typography.Text type="danger">Reason: {signer.decline_reason}</Typography.Text>
                ) : null}
              </Flex>
              <Tag color={SIGNER_STATUS_COLOR[signer.status]} style={{ marginInlineEnd: 0 }}>
                {SIGNER_STATUS_LABEL[signer.status] ?? humanize(signer.status)}
              </Tag>
            </li>
          );
        })}
      </ol>
    </Flex>
  );
}
