import type { Quote } from '@sixa/contracts';
import { EditOutlined, EyeOutlined, SendOutlined } from '@ant-design/icons';
import { Button, Empty, Flex, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { formatDate } from '../../shared/formatDate';
import { formatUsd } from '../../shared/money';
import { capitalized, QUOTE_STATUS_TAG_COLOR } from './quoteLabels';

interface QuotesTableProps {
  quotes: readonly Quote[];
  loading: boolean;
  failed: boolean;
  sendingId: string | undefined;
  onView: (quote: Quote) => void;
  onSend: (quote: Quote) => void;
  onEdit: (quote: Quote) => void;
}

export const NO_QUOTES_TITLE = 'No quotes found';
export const NO_QUOTES_HINT = 'Create your first quote to get started';

/** All Quotes, newest first as the server lists them. Send and Edit are for drafts only. */
export function QuotesTable({ quotes, loading, failed, sendingId, onView, onSend, onEdit }: QuotesTableProps) {
  const columns = useMemo<TableColumnsType<Quote>>(
    () => [
      {
        title: 'Quote',
        key: 'quote',
        render: (_, quote) => (
          <Flex vertical>
            <Typography.Text strong>{quote.quote_number}</Typography.Text>
            <Typography.Text type="secondary">{quote.title}</Typography.Text>
          </Flex>
        ),
      },
      {
        title: 'Customer',
        key: 'customer',
        render: (_, quote) => (
          <Flex vertical>
            <Typography.Text>{quote.customer_name}</Typography.Text>
            <Typography.Text type="secondary">{quote.customer_email}</Typography.Text>
          </Flex>
        ),
      },
      { title: 'Amount', key: 'amount', align: 'right', render: (_, quote) => formatUsd(quote.total_amount) },
      {
        title: 'Status',
        key: 'status',
        render: (_, quote) => (
          <Tag color={QUOTE_STATUS_TAG_COLOR[quote.status]} style={capitalized}>
            {quote.status}
          </Tag>
        ),
      },
      { title: 'Created', key: 'created', render: (_, quote) => formatDate(quote.created_at) },
      {
        title: 'Actions',
        key: 'actions',
        render: (_, quote) => (
          <Space size="small" wrap>
            <Button size="small" icon={<EyeOutlined />} onClick={() => onView(quote)}>
              View
            </Button>
            {quote.status === 'draft' ? (
              <>
                <Button
                  size="small"
                  type="primary"
                  icon={<SendOutlined />}
                  loading={sendingId === quote.id}
                  onClick={() => onSend(quote)}
                >
                  Send
                </Button>
                <Button size="small" icon={<EditOutlined />} onClick={() => onEdit(quote)}>
                  Edit
                </Button>
              </>
            ) : null}
          </Space>
        ),
      },
    ],
    [sendingId, onView, onSend, onEdit],
  );

  return (
    <Table<Quote>
      rowKey="id"
      columns={columns}
      dataSource={quotes as Quote[]}
      loading={loading}
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
      scroll={{ x: 'max-content' }}
    />
  );
}
