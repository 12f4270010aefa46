import type { QuoteTotals } from '@sixa/contracts';
import { formatUsd } from '../../shared/money';
import { Descriptions, Typography } from 'antd';

interface QuoteTotalsPreviewProps {
  totals: QuoteTotals;
  taxName: string;
  taxRate: number;
  inclusive: boolean;
  title?: string;
}

/** Subtotal, discount, tax and total: computed as the server computes them (see previewTotals). */
export function QuoteTotalsPreview({ totals, taxName, taxRate, inclusive, title = 'Totals' }: QuoteTotalsPreviewProps) {
  return (
    <Descriptions
      title={title}
      size="small"
      column={1}
      bordered
      items={[
        { key: 'subtotal', label: 'Subtotal', children: formatUsd(totals.subtotal) },
        { key: 'discount', label: 'Discount', children: `-${formatUsd(totals.discount_total)}` },
        {
          key: 'tax',
          label: `${taxName} (${taxRate}%${inclusive ? ', included' : ''})`,
          children: formatUsd(totals.tax_amount),
        },
        {
          key: 'total',
          label: 'Total',
          children: <Typography.Text strong>{formatUsd(totals.total_amount)}</Typography.Text>,
        },
      ]}
    />
  );
}
