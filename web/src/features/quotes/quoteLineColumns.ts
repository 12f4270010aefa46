import type { QuoteLineItem } from '@sixa/contracts';
import { formatUsd } from '@sixa/contracts/src/money';
import type { TableColumnsType } from 'antd';
import { PRICING_TIER_LABELS } from './quoteLabels';

/** A quote's lines as staff (the detail drawer) and customers (the quote page) see them. */
export const QUOTE_LINE_COLUMNS: TableColumnsType<QuoteLineItem> = [
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
