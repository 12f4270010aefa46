import type { Quote, QuoteDetail } from '@sixa/contracts/browser';
import { Descriptions, Drawer, Flex, Tag } from 'antd';
import { formatDate, formatDateTime } from '../../shared/formatDate';
import { capitalized, QUOTE_STATUS_TAG_COLOR } from './quoteLabels';
import { QuoteAcceptanceDetails } from './QuoteAcceptanceDetails';
import { QuoteCustomerLink } from './QuoteCustomerLink';
import { QuoteLines, QuoteTexts } from './QuoteLines';
import { useGetQuoteQuery } from './quotesApi';
import { QuoteTotalsPreview } from './QuoteTotalsPreview';

interface QuoteDetailDrawerProps {
  /** The row that was opened (shown at once; the fresh copy replaces it when it arrives). */
  quote: Quote | null;
  onClose: () => void;
}

/**
 * View: a read-only quote with its lines and the totals the server stored; while the customer can
 * answer, their link (from GET /quotes/{id}); once accepted, the evidence.
 */
export function QuoteDetailDrawer({ quote: row, onClose }: QuoteDetailDrawerProps) {
  const { data: fresh } = useGetQuoteQuery(row?.id ?? '', { skip: !row });
  const quote: QuoteDetail | null = fresh && fresh.id === row?.id ? fresh : row;
  const publicUrl = quote && (quote.status === 'sent' || quote.status === 'viewed') ? quote.public_url : undefined;
  const address = quote
    ? Object.values(quote.customer_address ?? {})
        .filter(Boolean)
        .join(', ')
    : '';

  return (
    <Drawer open={row !== null} onClose={onClose} size={720} title={quote ? `Quote ${quote.quote_number}` : 'Quote'}>
      {quote ? (
        <Flex vertical gap="large">
          <Descriptions
            column={{ xs: 1, sm: 2 }}
            size="small"
            items={[
              { key: 'title', label: 'Title', children: quote.title, span: 2 },
              {
                key: 'status',
                label: 'Status',
                children: (
                  <Tag color={QUOTE_STATUS_TAG_COLOR[quote.status]} style={capitalized}>
                    {quote.status}
                  </Tag>
                ),
              },
              {
                key: 'esign',
                label: 'E-signature',
                children: quote.e_signature_required ? 'Required' : 'Not required',
              },
              { key: 'customer', label: 'Customer', children: quote.customer_name },
              { key: 'email', label: 'Customer email', children: quote.customer_email },
              { key: 'phone', label: 'Customer phone', children: quote.customer_phone || '—' },
              { key: 'address', label: 'Customer address', children: address || '—' },
              { key: 'created', label: 'Created', children: formatDateTime(quote.created_at) },
              { key: 'sent', label: 'Sent', children: formatDateTime(quote.sent_at, 'Not sent') },
              {
                key: 'expires',
                label: 'Expires',
                children: quote.expires_at
                  ? formatDate(quote.expires_at)
                  : `${quote.expires_in_days} days after sending`,
              },
            ]}
          />
          {publicUrl ? <QuoteCustomerLink url={publicUrl} /> : null}
          {quote.status === 'accepted' && quote.acceptance ? (
            <QuoteAcceptanceDetails acceptance={quote.acceptance} />
          ) : null}
          <QuoteLines lines={quote.line_items} />
          <QuoteTotalsPreview
            totals={{
              lines: [],
              subtotal: quote.subtotal,
              discount_total: quote.discount_total,
              net_total: quote.subtotal - quote.discount_total,
              tax_amount: quote.tax_amount,
              total_amount: quote.total_amount,
            }}
            taxName={quote.tax_settings.tax_name}
            taxRate={quote.tax_settings.tax_rate}
            inclusive={quote.tax_settings.is_inclusive}
          />
          <QuoteTexts quote={quote} />
        </Flex>
      ) : null}
    </Drawer>
  );
}
