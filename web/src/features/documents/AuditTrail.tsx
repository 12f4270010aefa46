import type { AuditTrailEnvelope, SignatureAuditEvent } from '@sixa/contracts/browser';
import { Descriptions, Empty, Flex, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { useAppSelector } from '../../shared/hooks';
import { formatDateTime } from '../../shared/formatDate';
import { selectCurrentUser } from '../auth/authSlice';
import { LoadErrorAlert } from '../../shared/LoadErrorAlert';
import { AUDIT_EVENT_COLOR, AUDIT_EVENT_LABEL, humanize, personLabel } from './documentLabels';
import { DOCUMENT_ERRORS, useGetAuditTrailQuery } from './documentsApi';

/** A SHA-256, whole (it is evidence), copyable, and broken anywhere on narrow screens. */
export function Hash({ value, testId }: { value: string | null; testId?: string }) {
  if (!value) return <Typography.Text type="secondary">Not yet</Typography.Text>;
  return (
    <Typography.Text code copyable style={{ wordBreak: 'break-all' }} data-testid={testId}>
      {value}
    </Typography.Text>
  );
}

/** The envelope's facts: who sent it and when, the deadline, completion, and the PDFs' fingerprints. */
export function EnvelopeFacts({ envelope }: { envelope: AuditTrailEnvelope }) {
  const me = useAppSelector(selectCurrentUser);
  const sender = personLabel(envelope.sent_by, envelope.sent_by_name, me);
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      items={[
        { key: 'sent', label: 'Sent', children: `${formatDateTime(envelope.sent_at)} by ${sender}` },
        { key: 'subject', label: 'Subject', children: envelope.email_subject || '—' },
        { key: 'deadline', label: 'Deadline', children: formatDateTime(envelope.deadline_at) },
        { key: 'completed', label: 'Completed', children: formatDateTime(envelope.completed_at, 'Not yet') },
        {
          key: 'reminders',
          label: 'Reminders',
          children: envelope.send_reminders ? 'Sent to signers who have not signed' : 'Off',
        },
        {
          key: 'sent_sha',
          label: 'SHA-256 of the PDF sent',
          children: <Hash value={envelope.sent_sha256} testId="sent-sha256" />,
        },
        {
          key: 'signed_sha',
          label: 'SHA-256 of the signed PDF',
          children: <Hash value={envelope.signed_sha256} testId="signed-sha256" />,
        },
      ]}
    />
  );
}

type AuditRow = SignatureAuditEvent & { key: number };

const columns: TableColumnsType<AuditRow> = [
  {
    title: 'Time',
    key: 'at',
    width: 150,
    render: (_, event) => formatDateTime(event.at),
  },
  {
    title: 'Event',
    key: 'event',
    width: 190,
    render: (_, event) => (
      <Flex vertical gap={2}>
        <Tag color={AUDIT_EVENT_COLOR[event.event]} style={{ marginInlineEnd: 0, alignSelf: 'flex-start' }}>
          {AUDIT_EVENT_LABEL[event.event] ?? humanize(event.event)}
        </Tag>
        {event.detail ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {event.detail}
          </Typography.Text>
        ) : null}
      </Flex>
    ),
  },
  {
    title: 'Signer',
    key: 'signer',
    render: (_, event) =>
      event.signer_name || event.signer_email ? (
        <Flex vertical style={{ minWidth: 0 }}>
          <Typography.Text ellipsis={{ tooltip: event.signer_name }}>{event.signer_name ?? '—'}</Typography.Text>
          {event.signer_email ? (
            <Typography.Text type="secondary" ellipsis={{ tooltip: event.signer_email }}>
              {event.signer_email}
            </Typography.Text>
          ) : null}
        </Flex>
      ) : (
        <Typography.Text type="secondary">—</Typography.Text>
      ),
  },
  {
    title: 'IP address',
    key: 'ip',
    width: 130,
    render: (_, event) => (event.ip ? <Typography.Text code>{event.ip}</Typography.Text> : '—'),
  },
  {
    title: 'User agent',
    key: 'user_agent',
    render: (_, event) =>
      event.user_agent ? (
        <Typography.Text type="secondary" ellipsis={{ tooltip: event.user_agent }}>
          {event.user_agent}
        </Typography.Text>
      ) : (
        '—'
      ),
  },
];

/**
 * The audit trail: every event of the signature request, oldest first, with its time, the signer,
 * their IP address and browser, and the fingerprints of the PDF sent and the PDF signed.
 */
export function AuditTrail({ documentId, live }: { documentId: string; live: boolean }) {
  const { data, error, isLoading, refetch } = useGetAuditTrailQuery(documentId, {
    // While signers are still at it, their steps arrive without a reload.
    pollingInterval: live ? 15_000 : 0,
    skipPollingIfUnfocused: true,
  });

  const rows = useMemo(() => (data?.events ?? []).map((event, key) => ({ ...event, key })), [data]);

  return (
    <Flex vertical gap="middle">
      <LoadErrorAlert error={error} fallback={DOCUMENT_ERRORS.auditTrail} onRetry={() => void refetch()} />
      {data?.envelope ? <EnvelopeFacts envelope={data.envelope} /> : null}
      <Table<AuditRow>
        size="small"
        aria-label="Audit trail"
        columns={columns}
        dataSource={rows}
        loading={isLoading}
        pagination={false}
        tableLayout="fixed"
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No events yet" />,
        }}
      />
    </Flex>
  );
}
