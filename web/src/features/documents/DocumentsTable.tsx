import { DOCUMENT_STATUSES, type Document, type DocumentStatus } from '@sixa/contracts/browser';
import { EditOutlined, EyeOutlined, SendOutlined } from '@ant-design/icons';
import { Empty, Flex, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useMemo, useRef } from 'react';
import { formatDate } from '../../shared/formatDate';
import { RowActions, ROW_ACTIONS_COMPACT_WIDTH, rowActionsTitle, type RowAction } from '../../shared/RowActions';
import { useContainerWidth, widthLevel } from '../../shared/useContainerWidth';
import { visuallyHidden } from '../../shared/visuallyHidden';
import {
  DOCUMENT_STATUS_COLOR,
  DOCUMENT_STATUS_LABEL,
  DOCUMENT_TYPE_LABEL,
  DOCUSIGN_STATUS_COLOR,
  emptyTabText,
  humanize,
} from './documentLabels';
import { canSendForSignature, isEditable } from './documentPayloads';
import { DOCUMENTS_PAGE_SIZE } from './documentsApi';

interface DocumentsTableProps {
  documents: readonly Document[];
  total: number;
  page: number;
  onPage: (page: number) => void;
  loading: boolean;
  failed: boolean;
  statusFilter: DocumentStatus | null;
  onStatusFilter: (status: DocumentStatus | null) => void;
  onView: (document: Document) => void;
  onEdit: (document: Document) => void;
  onSend: (document: Document) => void;
}

const STATUS_FILTERS = DOCUMENT_STATUSES.map((status) => ({ text: DOCUMENT_STATUS_LABEL[status], value: status }));

/** Room for View, Edit and Send for Signature side by side. */
const ACTIONS_WIDTH = 300;

/**
 * What the table's own width affords (px): the type goes first, then the creation date; then the
 * actions fold into one menu and the status moves under the title.
 */
const LEVELS = [
  ['all', 900],
  ['noType', 780],
  ['inline', 620],
  ['compact', 0],
] as const;
type Level = (typeof LEVELS)[number][0];
const ORDER: Level[] = LEVELS.map(([level]) => level);
const shownUpTo = (level: Level, last: Level) => ORDER.indexOf(level) <= ORDER.indexOf(last);

/** The document's status and, once sent, the e-signature provider's (the spec's docusign_status). */
export function DocumentStatusTags({ document }: { document: Pick<Document, 'status' | 'docusign_status'> }) {
  return (
    <Flex gap={4} wrap>
      <Tag color={DOCUMENT_STATUS_COLOR[document.status]} style={{ marginInlineEnd: 0 }}>
        {DOCUMENT_STATUS_LABEL[document.status] ?? humanize(document.status)}
      </Tag>
      {document.docusign_status ? (
        <Tag
          variant="outlined"
          color={DOCUSIGN_STATUS_COLOR[document.docusign_status]}
          style={{ marginInlineEnd: 0 }}
          title="E-signature status"
        >
          <span style={visuallyHidden}>E-signature: </span>
          {document.docusign_status}
        </Tag>
      ) : null}
    </Flex>
  );
}

/**
 * Spec: Document, Type, Status (with the e-signature status), Created (with the version) and the
 * actions: View, Edit (draft or active), Send for Signature (signature required and active).
 */
export function DocumentsTable({
  documents,
  total,
  page,
  onPage,
  loading,
  failed,
  statusFilter,
  onStatusFilter,
  onView,
  onEdit,
  onSend,
}: DocumentsTableProps) {
  const container = useRef<HTMLDivElement>(null);
  const level = widthLevel(useContainerWidth(container), LEVELS);
  const compact = level === 'compact';
  const columns = useMemo<TableColumnsType<Document>>(
    () => [
      {
        title: 'Document',
        key: 'document',
        render: (_, document) => (
          <Flex vertical style={{ minWidth: 0 }}>
            <Typography.Text strong ellipsis={{ tooltip: document.title }}>
              {document.title}
            </Typography.Text>
            {document.description ? (
              <Typography.Text type="secondary" ellipsis={{ tooltip: document.description }}>
                {document.description}
              </Typography.Text>
            ) : null}
            {compact ? (
              <div style={{ marginTop: 4 }}>
                <DocumentStatusTags document={document} />
              </div>
            ) : null}
          </Flex>
        ),
      },
      {
        title: 'Type',
        key: 'type',
        width: 120,
        hidden: !shownUpTo(level, 'all'),
        render: (_, document) => DOCUMENT_TYPE_LABEL[document.type] ?? humanize(document.type),
      },
      {
        title: 'Status',
        key: 'status',
        width: 190,
        // Phones: the status goes under the title, leaving the title room.
        hidden: compact,
        filters: STATUS_FILTERS,
        filterMultiple: false,
        filteredValue: statusFilter ? [statusFilter] : null,
        render: (_, document) => <DocumentStatusTags document={document} />,
      },
      {
        title: 'Created',
        key: 'created',
        width: 130,
        hidden: !shownUpTo(level, 'noType'),
        render: (_, document) => (
          <Flex vertical>
            <span>{formatDate(document.created_at)}</span>
            <Typography.Text type="secondary">v{document.version}</Typography.Text>
          </Flex>
        ),
      },
      {
        title: rowActionsTitle(compact),
        key: 'actions',
        width: compact ? ROW_ACTIONS_COMPACT_WIDTH : ACTIONS_WIDTH,
        render: (_, document) => {
          const actions: RowAction[] = [
            { key: 'view', label: 'View', icon: <EyeOutlined />, onClick: () => onView(document) },
          ];
          if (isEditable(document.status)) {
            actions.push({
              key: 'edit',
              route: 'PUT /documents/:id',
              label: 'Edit',
              icon: <EditOutlined />,
              onClick: () => onEdit(document),
            });
          }
          if (canSendForSignature(document)) {
            actions.push({
              key: 'send',
              route: 'POST /documents/:id/send-for-signature',
              label: 'Send for Signature',
              icon: <SendOutlined />,
              primary: true,
              onClick: () => onSend(document),
            });
          }
          return <RowActions compact={compact} subject={document.title} actions={actions} />;
        },
      },
    ],
    [level, compact, statusFilter, onView, onEdit, onSend],
  );

  return (
    <div ref={container}>
      <Table<Document>
        rowKey="id"
        columns={columns}
        dataSource={documents as Document[]}
        loading={loading}
        onChange={(_pagination, filters) => {
          const [status] = (filters.status ?? []) as DocumentStatus[];
          if ((status ?? null) !== statusFilter) onStatusFilter(status ?? null);
        }}
        locale={{
          emptyText: failed ? (
            'Documents could not be loaded'
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyTabText('documents')} />
          ),
        }}
        pagination={{
          current: page,
          pageSize: DOCUMENTS_PAGE_SIZE,
          total,
          onChange: onPage,
          hideOnSinglePage: true,
          showSizeChanger: false,
        }}
        tableLayout="fixed"
      />
    </div>
  );
}
