import type { Document, DocumentCategory, DocumentVersion } from '@sixa/contracts/browser';
import { DownloadOutlined, EditOutlined, SendOutlined } from '@ant-design/icons';
import { Button, Collapse, Descriptions, Divider, Drawer, Empty, Flex, Skeleton, Tabs, Tag, Typography } from 'antd';
import { useAppSelector } from '../../shared/hooks';
import { AccessButton } from '../../shared/access';
import { formatDateTime } from '../../shared/formatDate';
import { selectCurrentUser } from '../auth/authSlice';
import { LoadErrorAlert } from '../../shared/LoadErrorAlert';
import { AuditTrail } from './AuditTrail';
import { ACCESS_LEVEL_LABEL, DOCUMENT_TYPE_LABEL, humanize, personLabel } from './documentLabels';
import { canSendForSignature, isEditable, pdfFileName } from './documentPayloads';
import {
  DOCUMENT_ERRORS,
  useDownloadDocumentPdfMutation,
  useGetDocumentQuery,
  useGetDocumentVersionsQuery,
} from './documentsApi';
import { DocumentStatusTags } from './DocumentsTable';
import { SafeHtmlFrame } from './SafeHtmlFrame';
import { SigningLinks } from './SigningLinks';
import { SignersProgress } from './SignersProgress';
import { VerifyPdf } from './VerifyPdf';

interface DocumentDetailDrawerProps {
  /** The row that was opened (shown at once; the fresh copy replaces it when it arrives). */
  document: Document | null;
  categories: readonly DocumentCategory[];
  onClose: () => void;
  onEdit: (document: Document) => void;
  onSend: (document: Document) => void;
}

function Versions({ documentId }: { documentId: string }) {
  const me = useAppSelector(selectCurrentUser);
  const { data, error, isLoading, refetch } = useGetDocumentVersionsQuery(documentId);
  if (isLoading) return <Skeleton active />;
  if (error) return <LoadErrorAlert error={error} fallback={DOCUMENT_ERRORS.versions} onRetry={() => void refetch()} />;
  const versions = [...(data ?? [])].sort((a, b) => b.version - a.version);
  if (!versions.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No versions" />;
  return (
    <Collapse
      size="small"
      items={versions.map((version: DocumentVersion) => ({
        key: String(version.version),
        label: (
          <Flex gap="small" wrap align="center">
            <Typography.Text strong>v{version.version}</Typography.Text>
            {version.current ? <Tag color="processing">Current</Tag> : null}
            <Typography.Text type="secondary">
              {formatDateTime(version.created_at)} · {personLabel(version.created_by, version.created_by_name, me)}
            </Typography.Text>
          </Flex>
        ),
        children: (
          <SafeHtmlFrame
            title={`Version ${version.version} of ${version.title}`}
            content={version.content}
            height={260}
          />
        ),
      }))}
    />
  );
}

function Signatures({ document }: { document: Document }) {
  const me = useAppSelector(selectCurrentUser);
  // Its creator or an admin may see the signers' links (the server says the same).
  const canManage = Boolean(me && (me.role === 'admin' || me.id === document.created_by));
  const [download, { isLoading, originalArgs }] = useDownloadDocumentPdfMutation();
  const envelope = document.signature;
  if (!envelope) {
    return (
      <Flex vertical gap="middle">
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            document.signature_required
              ? document.status === 'active'
                ? 'Not sent for signature yet'
                : 'Make the document active to send it for signature'
              : 'This document does not require a signature'
          }
        />
        <Divider style={{ margin: 0 }} />
        <VerifyPdf />
      </Flex>
    );
  }
  const signed = document.status === 'signed' || Boolean(envelope.signed_sha256);
  const busy = (kind: 'signed' | 'sent') => isLoading && originalArgs?.kind === kind;
  const live = document.status === 'pending_signature';
  return (
    <Flex vertical gap="middle">
      <SignersProgress signers={envelope.signers} order={envelope.signing_order} />
      {canManage ? <SigningLinks documentId={document.id} live={live} /> : null}
      <Flex gap="small" wrap>
        <Button
          type="primary"
          icon={<DownloadOutlined />}
          disabled={!signed}
          loading={busy('signed')}
          title={signed ? undefined : 'Available once every signer has signed'}
          onClick={() =>
            void download({ id: document.id, kind: 'signed', fileName: pdfFileName(document.title, ' (signed)') })
          }
        >
          Download signed PDF
        </Button>
        <Button
          icon={<DownloadOutlined />}
          loading={busy('sent')}
          onClick={() => void download({ id: document.id, kind: 'sent', fileName: pdfFileName(document.title) })}
        >
          PDF as sent
        </Button>
      </Flex>
      <Typography.Title level={5} style={{ margin: 0 }}>
        Audit trail
      </Typography.Title>
      <AuditTrail documentId={document.id} live={live} />
      <Divider style={{ margin: 0 }} />
      <VerifyPdf />
    </Flex>
  );
}

/**
 * View: the document's facts, its content (sandboxed), its versions, and its signature request:
 * the signers' progress, the audit trail, the signed PDF and 'Verify a PDF'.
 */
export function DocumentDetailDrawer({
  document: row,
  categories,
  onClose,
  onEdit,
  onSend,
}: DocumentDetailDrawerProps) {
  const pending = row?.status === 'pending_signature';
  const {
    data: fresh,
    error,
    refetch,
  } = useGetDocumentQuery(row?.id ?? '', {
    skip: !row,
    pollingInterval: pending ? 15_000 : 0,
    skipPollingIfUnfocused: true,
  });
  const document = fresh && fresh.id === row?.id ? fresh : row;
  const category = document?.category_id ? categories.find((c) => c.id === document.category_id) : undefined;

  return (
    <Drawer
      open={row !== null}
      onClose={onClose}
      size={820}
      title={document?.title ?? 'Document'}
      extra={
        document ? (
          <Flex gap="small">
            {isEditable(document.status) ? (
              <AccessButton route="PUT /documents/:id" icon={<EditOutlined />} onClick={() => onEdit(document)}>
                Edit
              </AccessButton>
            ) : null}
            {canSendForSignature(document) ? (
              <AccessButton
                route="POST /documents/:id/send-for-signature"
                type="primary"
                icon={<SendOutlined />}
                onClick={() => onSend(document)}
              >
                Send for Signature
              </AccessButton>
            ) : null}
          </Flex>
        ) : null
      }
    >
      {document ? (
        <Flex vertical gap="middle">
          <LoadErrorAlert error={error} fallback={DOCUMENT_ERRORS.document} onRetry={() => void refetch()} />
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2 }}
            items={[
              { key: 'status', label: 'Status', children: <DocumentStatusTags document={document} /> },
              { key: 'type', label: 'Type', children: DOCUMENT_TYPE_LABEL[document.type] ?? humanize(document.type) },
              { key: 'category', label: 'Category', children: category?.name ?? '—' },
              { key: 'access', label: 'Access', children: ACCESS_LEVEL_LABEL[document.access_level] },
              { key: 'format', label: 'Format', children: document.file_format.toUpperCase() },
              { key: 'version', label: 'Version', children: `v${document.version}` },
              { key: 'created', label: 'Created', children: formatDateTime(document.created_at) },
              { key: 'updated', label: 'Updated', children: formatDateTime(document.updated_at) },
              {
                key: 'signature',
                label: 'Signature',
                children: document.signature_required ? 'Required' : 'Not required',
              },
              ...(document.description
                ? [{ key: 'description', label: 'Description', children: document.description, span: 2 }]
                : []),
            ]}
          />
          <Tabs
            defaultActiveKey={document.signature ? 'signatures' : 'content'}
            items={[
              {
                key: 'content',
                label: 'Content',
                children: (
                  <SafeHtmlFrame title={`Content of ${document.title}`} content={document.content} height={440} />
                ),
              },
              { key: 'versions', label: 'Versions', children: <Versions documentId={document.id} /> },
              { key: 'signatures', label: 'Signatures', children: <Signatures document={document} /> },
            ]}
          />
        </Flex>
      ) : null}
    </Drawer>
  );
}
