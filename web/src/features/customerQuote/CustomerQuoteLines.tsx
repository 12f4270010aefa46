import type { QuoteLineItem } from '@sixa/contracts/browser';
import { Flex, Typography, theme } from 'antd';
import { useRef } from 'react';
import { formatUsd } from '../../shared/money';
import { useContainerWidth } from '../../shared/useContainerWidth';
import { QuoteLines } from '../quotes/QuoteLines';
import { PRICING_TIER_LABELS } from '../quotes/quoteLabels';

/** Below this width (px) the six columns do not fit: each line becomes a card of its own. */
export const STACKED_LINES_BELOW = 560;

/** A line's discounts in words ("10% + $50.00"), or null without any. */
export function discountText(line: Pick<QuoteLineItem, 'discount_percentage' | 'discount_amount'>): string | null {
  const parts = [
    line.discount_percentage ? `${line.discount_percentage}%` : null,
    line.discount_amount ? formatUsd(line.discount_amount) : null,
  ].filter(Boolean);
  return parts.length ? parts.join(' + ') : null;
}

/** One line as a card: the product and its total, then the tier, quantity x unit price and discounts. */
function LineCard({ line }: { line: QuoteLineItem }) {
  const { token } = theme.useToken();
  const discount = discountText(line);
  return (
    <li
      style={{
        listStyle: 'none',
        padding: token.paddingSM,
        border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadius,
      }}
    >
      <Flex justify="space-between" align="baseline" gap="small">
        <Typography.Text strong style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {line.product_name}
        </Typography.Text>
        <Typography.Text strong style={{ flexShrink: 0 }}>
          {formatUsd(line.line_total)}
        </Typography.Text>
      </Flex>
      <Typography.Text type="secondary" style={{ display: 'block' }}>
        {PRICING_TIER_LABELS[line.pricing_tier] ?? line.pricing_tier} · {line.quantity} × {formatUsd(line.unit_price)}
      </Typography.Text>
      {discount ? (
        <Typography.Text type="secondary" style={{ display: 'block' }}>
          Discount {discount}
        </Typography.Text>
      ) : null}
    </li>
  );
}

/**
 * The quote's lines on the customer's page: the table where its columns fit, else (phones) a list
 * of cards, so that nothing is cut at the edge or needs sideways scrolling.
 */
export function CustomerQuoteLines({ lines }: { lines: QuoteLineItem[] }) {
  const box = useRef<HTMLDivElement>(null);
  const width = useContainerWidth(box);
  const stacked = width !== undefined && width < STACKED_LINES_BELOW;
  return (
    <div ref={box}>
      {stacked ? (
        <Flex vertical gap="small" component="ol" aria-label="Line items" style={{ margin: 0, padding: 0 }}>
          {lines.map((line) => (
            <LineCard
              key={`${line.product_service_id}:${line.pricing_tier}:${line.quantity}:${line.line_total}`}
              line={line}
            />
          ))}
        </Flex>
      ) : (
        <QuoteLines lines={lines} />
      )}
    </div>
  );
}
