import type { Quote, QuoteLineItem } from '@sixa/contracts/browser';
import { formatUsd } from '../../shared/money';
import { Table, Typography, type TableColumnsType } from 'antd';
import { PRICING_TIER_LABELS } from './quoteLabels';

const QUOTE_LINE_COLUMNS: TableColumnsType<QuoteLineItem> = [
  { title: 'Product', dataIndex: 'product_name', key: 'product' },
  { title: 'Tier', key: 'tier', render: (_, line) => PRICING_TIER_LABELS[line.pricing_tier] ?? line.pricing_tier },
  { title: 'Quantity', dataIndex: 'quantity', key: 'quantity', align: 'right' },
  { title: 'Unit price', key: 'unit', align: 'right', render: (_, line) => formatUsd(line.unit_price) },
  {
    title: 'Discounts',
    key: 'discount',
    align: 'right',
    render: (_, line) =>
      [
        line.discount_percentage ? `${line.discount_percentage}%` : null,
        line.discount_amount ? formatUsd(line.discount_amount) : null,
      ]
        .filter(Boolean)
        .join(' + ') || '—',
  },
  { title: 'Line total', key: 'total', align: 'right', render: (_, line) => formatUsd(line.line_total) },
];

/** A quote's lines as staff (the detail drawer) and customers (the quote page) see them. */
export function QuoteLines({ lines }: { lines: QuoteLineItem[] }) {
  return (
    <Table<QuoteLineItem>
      size="small"
      rowKey={(line) => `${line.product_service_id}:${line.pricing_tier}:${line.quantity}:${line.line_total}`}
      columns={QUOTE_LINE_COLUMNS}
      dataSource={lines}
      pagination={false}
      scroll={{ x: 'max-content' }}
    />
  );
}

/** The quote's notes and terms, each only when there is one. */
export function QuoteTexts({ quote }: { quote: Pick<Quote, 'notes' | 'terms_conditions'> }) {
  const sections = [
    ['Notes', quote.notes],
    ['Terms & Conditions', quote.terms_conditions],
  ].filter(([, text]) => text);
  return sections.map(([title, text]) => (
    <div key={title}>
      <Typography.Title level={5}>{title}</Typography.Title>
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{text}</Typography.Paragraph>
    </div>
  ));
}
