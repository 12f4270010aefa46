import type { QuoteTotals } from '@sixa/contracts/browser';
import { formatUsd } from '../../shared/money';
import { Alert, Descriptions, Typography } from 'antd';

/** What the preview says instead of amounts while a number is out of its range. */
export const TOTALS_WAIT_TEXT = 'The totals show once the numbers marked in red are corrected.';

interface QuoteTotalsPreviewProps {
  /** Null while a number is out of its range: no amounts computed from it. */
  totals: QuoteTotals | null;
  taxName: string;
  taxRate: number;
  inclusive: boolean;
  title?: string;
}

/** Subtotal, discount, tax and total: computed as the server computes them (see previewTotals). */
export function QuoteTotalsPreview({ totals, taxName, taxRate, inclusive, title = 'Totals' }: QuoteTotalsPreviewProps) {
  if (!totals)
    return (
      <>
        <Typography.Title level={5}>{title}</Typography.Title>
        <Alert type="warning" showIcon title={TOTALS_WAIT_TEXT} />
      </>
    );
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
