import type { AcceptQuoteDto, CustomerQuoteAcceptance } from '@sixa/contracts/browser';
import { formatUsd } from '../../shared/money';
import { Alert, Button, Card, Descriptions, Flex, Grid, Result, Spin, Tag, Typography, theme } from 'antd';
import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { errorMessage } from '../../shared/apiError';
import { PRODUCT_NAME, SUITE_TITLE } from '../../shared/brand';
import { formatDate, formatDateTime } from '../../shared/formatDate';
import { usePageTitle } from '../../shared/usePageTitle';
import { ThemeProvider } from '../../theme/ThemeProvider';
import { capitalized, QUOTE_STATUS_TAG_COLOR } from '../quotes/quoteLabels';
import {
  CUSTOMER_QUOTE_ERRORS,
  useAcceptPublicQuoteMutation,
  useGetPublicQuoteQuery,
  useRejectPublicQuoteMutation,
  type PublicQuote,
} from './customerQuoteApi';
import { QuoteTexts } from '../quotes/QuoteLines';
import { CustomerQuoteLines } from './CustomerQuoteLines';
import { AcceptQuoteModal, DeclineQuoteModal } from './AnswerModals';
import { ANSWER_RESULTS, canAnswer, closedReason } from './customerQuoteStatus';

/** The page frame: the brand header above a centred card. */
function CustomerFrame({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  // Phones: the page's width for the quote, less a small margin.
  const phone = Grid.useBreakpoint().sm === false;
  return (
    <Flex
      vertical
      align="center"
      style={{
        minHeight: '100vh',
        background: token.colorBgLayout,
        padding: phone ? token.paddingSM : token.paddingLG,
      }}
    >
      <Flex vertical gap="large" style={{ width: '100%', maxWidth: 960 }}>
        <header>
          <Typography.Title level={2} style={{ margin: 0, color: token.colorPrimaryText }}>
            {PRODUCT_NAME}
          </Typography.Title>
          <Typography.Text type="secondary">{SUITE_TITLE}</Typography.Text>
        </header>
        {children}
      </Flex>
    </Flex>
  );
}

function QuoteTotals({ quote }: { quote: PublicQuote }) {
  const { tax_name: taxName, tax_rate: taxRate, is_inclusive: inclusive } = quote.tax_settings;
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      items={[
        { key: 'subtotal', label: 'Subtotal', children: formatUsd(quote.subtotal) },
        { key: 'discount', label: 'Discount', children: `-${formatUsd(quote.discount_total)}` },
        {
          key: 'tax',
          label: `${taxName} (${taxRate}%)`,
          children: (
            <>
              {formatUsd(quote.tax_amount)}
              {inclusive ? <Typography.Text type="secondary">{` (included in prices)`}</Typography.Text> : null}
            </>
          ),
        },
        {
          key: 'total',
          label: 'Total (USD)',
          children: <Typography.Text strong>{formatUsd(quote.total_amount)}</Typography.Text>,
        },
      ]}
    />
  );
}

/** The customer's acceptance: who signed and when, and the fingerprint of the quote as accepted. */
function AcceptanceSummary({ acceptance }: { acceptance: CustomerQuoteAcceptance }) {
  return (
    <Flex vertical gap={4}>
      <Typography.Text>
        {acceptance.signer_name && (acceptance.method === 'typed_name' || acceptance.method === 'e_signature')
          ? `Signed electronically by ${acceptance.signer_name} on ${formatDateTime(acceptance.accepted_at)}.`
          : `Accepted on ${formatDateTime(acceptance.accepted_at)}.`}
      </Typography.Text>
      <Typography.Text type="secondary">Fingerprint of the quote as shown to you (SHA-256):</Typography.Text>
      <Typography.Text code copyable style={{ wordBreak: 'break-all' }} data-testid="acceptance-sha256">
        {acceptance.content_sha256}
      </Typography.Text>
    </Flex>
  );
}

type Decision = keyof typeof ANSWER_RESULTS;

function QuoteAnswer({ token, quote }: { token: string; quote: PublicQuote }) {
  const [answered, setAnswered] = useState<Decision | null>(null);
  const [asking, setAsking] = useState<Decision | null>(null);
  const [accept, accepting] = useAcceptPublicQuoteMutation();
  const [reject, rejecting] = useRejectPublicQuoteMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const busy = accepting.isLoading || rejecting.isLoading;

  if (answered) {
    return (
      <Alert
        type={answered === 'accepted' ? 'success' : 'info'}
        showIcon
        title={ANSWER_RESULTS[answered]}
        description={
          answered === 'accepted' && quote.acceptance ? <AcceptanceSummary acceptance={quote.acceptance} /> : undefined
        }
      />
    );
  }

  const answer = async (decision: Decision, body?: AcceptQuoteDto) => {
    setFailure(null);
    try {
      await (decision === 'accepted' ? accept({ token, body }) : reject(token)).unwrap();
      setAsking(null);
      setAnswered(decision);
    } catch (error) {
      setFailure(
        errorMessage(error, decision === 'accepted' ? CUSTOMER_QUOTE_ERRORS.accept : CUSTOMER_QUOTE_ERRORS.reject),
      );
    }
  };
  const ask = (decision: Decision | null) => {
    setFailure(null);
    setAsking(decision);
  };

  if (!canAnswer(quote)) {
    return (
      <Flex vertical gap="middle">
        {failure ? <Alert type="error" showIcon title={failure} /> : null}
        <Alert
          type="warning"
          showIcon
          title={closedReason(quote)}
          description={
            quote.status === 'accepted' && quote.acceptance ? (
              <AcceptanceSummary acceptance={quote.acceptance} />
            ) : undefined
          }
        />
      </Flex>
    );
  }

  // Out for e-signature: the quote is accepted by signing its document on the signing page.
  if (quote.e_signature_required && quote.signing_url) {
    return (
      <Flex vertical gap="middle">
        <Typography.Text type="secondary">
          This quote is accepted by signing it. The signing page shows the quote as a PDF, asks for your signature and
          your consent, and keeps an audit trail of it.
        </Typography.Text>
        <Flex gap="middle" justify="flex-end" wrap>
          <Button danger disabled={busy} onClick={() => ask('rejected')}>
            Decline
          </Button>
          <Button type="primary" href={quote.signing_url}>
            Review and sign
          </Button>
        </Flex>
        <DeclineQuoteModal
          open={asking === 'rejected'}
          busy={rejecting.isLoading}
          failure={asking === 'rejected' ? failure : null}
          onCancel={() => ask(null)}
          onDecline={() => void answer('rejected')}
        />
      </Flex>
    );
  }

  return (
    <Flex vertical gap="middle">
      {quote.e_signature_required ? (
        <Typography.Text type="secondary">
          This quote asks for your electronic signature when you accept it.
        </Typography.Text>
      ) : null}
      <Flex gap="middle" justify="flex-end" wrap>
        <Button danger disabled={busy} onClick={() => ask('rejected')}>
          Decline
        </Button>
        <Button type="primary" disabled={busy} onClick={() => ask('accepted')}>
          Accept Quote
        </Button>
      </Flex>
      <AcceptQuoteModal
        quote={quote}
        open={asking === 'accepted'}
        busy={accepting.isLoading}
        failure={asking === 'accepted' ? failure : null}
        onCancel={() => ask(null)}
        onAccept={(body) => void answer('accepted', body)}
      />
      <DeclineQuoteModal
        open={asking === 'rejected'}
        busy={rejecting.isLoading}
        failure={asking === 'rejected' ? failure : null}
        onCancel={() => ask(null)}
        onDecline={() => void answer('rejected')}
      />
    </Flex>
  );
}

/** Public: what a customer sees from the link in a quote email, without signing in. */
/** The page in antd's theme (which this chunk brings: the app's first screens do not load antd). */
export default function CustomerQuoteScreen() {
  return (
    <ThemeProvider>
      <CustomerQuotePage />
    </ThemeProvider>
  );
}

function CustomerQuotePage() {
  const { token = '' } = useParams<{ token: string }>();
  const { data: quote, error, isLoading } = useGetPublicQuoteQuery(token, { skip: !token });
  usePageTitle(quote ? `Quote ${quote.quote_number}` : 'Quote');

  if (isLoading) {
    return (
      <CustomerFrame>
        <Flex justify="center" role="status" aria-live="polite" style={{ padding: 48 }}>
          <Spin size="large" description="Loading your quote..." />
        </Flex>
      </CustomerFrame>
    );
  }

  if (!quote) {
    return (
      <CustomerFrame>
        <Card>
          <Result
            status="warning"
            title="Quote unavailable"
            subTitle={error ? errorMessage(error, CUSTOMER_QUOTE_ERRORS.load) : 'This quote link is not valid'}
          />
        </Card>
      </CustomerFrame>
    );
  }

  return (
    <CustomerFrame>
      <Card>
        <Flex vertical gap="large">
          <Flex justify="space-between" align="flex-start" gap="middle" wrap>
            <div>
              <Typography.Text type="secondary">Quote {quote.quote_number}</Typography.Text>
              <Typography.Title level={3} style={{ margin: 0 }}>
                {quote.title}
              </Typography.Title>
            </div>
            <Tag color={QUOTE_STATUS_TAG_COLOR[quote.status]} style={capitalized}>
              {quote.status}
            </Tag>
          </Flex>
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2 }}
            items={[
              { key: 'customer', label: 'Prepared for', children: quote.customer_name },
              { key: 'expires', label: 'Valid until', children: formatDate(quote.expires_at) },
            ]}
          />
          <CustomerQuoteLines lines={quote.line_items} />
          <QuoteTotals quote={quote} />
          <QuoteTexts quote={quote} />
          <QuoteAnswer token={token} quote={quote} />
        </Flex>
      </Card>
    </CustomerFrame>
  );
}
