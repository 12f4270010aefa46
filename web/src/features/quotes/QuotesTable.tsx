import { QUOTE_STATUSES, type Quote, type QuoteStatus } from '@sixa/contracts/browser';
import { EditOutlined, EyeOutlined, SendOutlined } from '@ant-design/icons';
import { Empty, Flex, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useMemo, useRef } from 'react';
import { formatDate } from '../../shared/formatDate';
import { formatUsd } from '../../shared/money';
import { RowActions, ROW_ACTIONS_COMPACT_WIDTH, rowActionsTitle, type RowAction } from '../../shared/RowActions';
import { useContainerWidth, widthLevel } from '../../shared/useContainerWidth';
import { capitalized, QUOTE_STATUS_TAG_COLOR, statusLabel } from './quoteLabels';

interface QuotesTableProps {
  quotes: readonly Quote[];
  loading: boolean;
  failed: boolean;
  sendingId: string | undefined;
  onView: (quote: Quote) => void;
  onSend: (quote: Quote) => void;
  onEdit: (quote: Quote) => void;
  /** The status the list is filtered to (the page filters), null for all. */
  statusFilter: QuoteStatus | null;
  onStatusFilter: (status: QuoteStatus | null) => void;
}

const STATUS_FILTERS = QUOTE_STATUSES.map((status) => ({ text: statusLabel(status), value: status }));

export const NO_QUOTES_TITLE = 'No quotes found';
export const NO_QUOTES_HINT = 'Create your first quote to get started';

/** Room for 'View', 'Send' and 'Edit' side by side (small buttons with icons, cell padding). */
const ACTIONS_WIDTH = 250;

/**
 * Which columns the table's own width affords (px), keeping the quote and the customer at 145 px
 * or more: the creation date goes first, then the customer, then the amount; below that the
 * actions fold into one menu, leaving the quote, its status and the actions. The table's width, not
 * the window's, decides: the sidebar open or collapsed changes it.
 */
const LEVELS = [
  ['all', 920],
  ['noCreated', 790],
  ['noCustomer', 640],
  ['inline', 510],
  ['compact', 0],
] as const;
type Level = (typeof LEVELS)[number][0];
const ORDER: Level[] = LEVELS.map(([level]) => level);
const shownUpTo = (level: Level, last: Level) => ORDER.indexOf(level) <= ORDER.indexOf(last);

/**
 * All Quotes, newest first as the server lists them. Send is for drafts only; Edit is on every row. Fits its
 * container with no sideways scrolling: a fixed layout where the quote and customer columns (cut
 * with an ellipsis) take what the others leave.
 */
export function QuotesTable({
  quotes,
  loading,
  failed,
  sendingId,
  onView,
  onSend,
  onEdit,
  statusFilter,
  onStatusFilter,
}: QuotesTableProps) {
  const container = useRef<HTMLDivElement>(null);
  const level = widthLevel(useContainerWidth(container), LEVELS);
  const compact = level === 'compact';
  const columns = useMemo<TableColumnsType<Quote>>(
    () => [
      {
        title: 'Quote',
        key: 'quote',
        render: (_, quote) => (
          <Flex vertical style={{ minWidth: 0 }}>
            <Typography.Text strong ellipsis={{ tooltip: quote.quote_number }}>
              {quote.quote_number}
            </Typography.Text>
            <Typography.Text type="secondary" ellipsis={{ tooltip: quote.title }}>
              {quote.title}
            </Typography.Text>
          </Flex>
        ),
      },
      {
        title: 'Customer',
        key: 'customer',
        hidden: !shownUpTo(level, 'noCreated'),
        render: (_, quote) => (
          <Flex vertical style={{ minWidth: 0 }}>
            <Typography.Text ellipsis={{ tooltip: quote.customer_name }}>{quote.customer_name}</Typography.Text>
            <Typography.Text type="secondary" ellipsis={{ tooltip: quote.customer_email }}>
              {quote.customer_email}
            </Typography.Text>
          </Flex>
        ),
      },
      {
        title: 'Amount',
        key: 'amount',
        align: 'right',
        width: 140,
        hidden: !shownUpTo(level, 'noCustomer'),
        render: (_, quote) => formatUsd(quote.total_amount),
      },
      {
        title: 'Status',
        key: 'status',
        width: compact ? 96 : 110,
        filters: STATUS_FILTERS,
        filterMultiple: false,
        filteredValue: statusFilter ? [statusFilter] : null,
        render: (_, quote) => (
          <Tag color={QUOTE_STATUS_TAG_COLOR[quote.status]} style={capitalized}>
            {quote.status}
          </Tag>
        ),
      },
      {
        title: 'Created',
        key: 'created',
        width: 130,
        hidden: !shownUpTo(level, 'all'),
        render: (_, quote) => formatDate(quote.created_at),
      },
      {
        title: rowActionsTitle(compact),
        key: 'actions',
        width: compact ? ROW_ACTIONS_COMPACT_WIDTH : ACTIONS_WIDTH,
        render: (_, quote) => {
          const actions: RowAction[] = [
            { key: 'view', label: 'View', icon: <EyeOutlined />, onClick: () => onView(quote) },
          ];
          if (quote.status === 'draft') {
            actions.push({
              key: 'send',
              route: 'POST /quotes/:id/send',
              label: 'Send',
              icon: <SendOutlined />,
              primary: true,
              loading: sendingId === quote.id,
              onClick: () => onSend(quote),
            });
          }
          // On every row (spec): what a quote no longer a draft still lets change, the form says.
          actions.push({
            key: 'edit',
            route: 'PUT /quotes/:id',
            label: 'Edit',
            icon: <EditOutlined />,
            onClick: () => onEdit(quote),
          });
          return <RowActions compact={compact} subject={quote.quote_number} actions={actions} />;
        },
      },
    ],
    [level, compact, sendingId, onView, onSend, onEdit, statusFilter],
  );

  return (
    <div ref={container}>
      <Table<Quote>
        rowKey="id"
        columns={columns}
        dataSource={quotes as Quote[]}
        loading={loading}
        onChange={(_pagination, filters) => {
          const [status] = (filters.status ?? []) as QuoteStatus[];
          if ((status ?? null) !== statusFilter) onStatusFilter(status ?? null);
        }}
        locale={{
          emptyText: failed ? (
            'Quotes could not be loaded'
          ) : (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={
                <Flex vertical>
                  <Typography.Text strong>{NO_QUOTES_TITLE}</Typography.Text>
                  <Typography.Text type="secondary">{NO_QUOTES_HINT}</Typography.Text>
                </Flex>
              }
            />
          ),
        }}
        pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
        tableLayout="fixed"
      />
    </div>
  );
}
