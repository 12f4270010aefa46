import type { Quote } from '@sixa/contracts';
import { DatabaseOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Space } from 'antd';
import { useCallback, useState } from 'react';
import { errorMessage } from '../../shared/apiError';
import { PageHeader } from '../../shared/PageHeader';
import { QuoteDetailDrawer } from './QuoteDetailDrawer';
import { QuoteFormModal } from './QuoteFormModal';
import { QUOTE_ERRORS, useGetQuotesQuery, useGetQuoteSummaryQuery } from './quotesApi';
import { QuoteSummaryCards } from './QuoteSummaryCards';
import { QuotesTable } from './QuotesTable';
import { useQuoteActions } from './useQuoteActions';

const NO_QUOTES: Quote[] = [];

/**
 * The form creates (quote null) or edits a draft; the quote stays while the modal closes. Each
 * opening is a new session: a fresh form, with nothing left over from the last one.
 */
interface FormState {
  open: boolean;
  quote: Quote | null;
  session: number;
}

/** Quoting Tool: quotes with line items, tax and optional e-signature. */
export default function QuotesPage() {
  const { data: quotes = NO_QUOTES, isLoading, isFetching, error, refetch } = useGetQuotesQuery();
  const { data: summary, isLoading: summaryLoading } = useGetQuoteSummaryQuery();
  const actions = useQuoteActions();
  const [form, setForm] = useState<FormState>({ open: false, quote: null, session: 0 });
  const [viewing, setViewing] = useState<Quote | null>(null);
  const closeForm = useCallback(() => setForm((current) => ({ ...current, open: false })), []);
  const closeView = useCallback(() => setViewing(null), []);
  const openForm = useCallback(
    (quote: Quote | null) => setForm((current) => ({ open: true, quote, session: current.session + 1 })),
    [],
  );

  return (
    <>
      <PageHeader
        title="Quoting Tool"
        subtitle="Build and send quotes with line items, tax and e-signature"
        extra={
          <Space wrap>
            <Button
              icon={<DatabaseOutlined />}
              loading={actions.initializing}
              onClick={() => void actions.initialize()}
            >
              Initialize Sample Data
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm(null)}>
              Create Quote
            </Button>
          </Space>
        }
      />
      <Flex vertical gap="large">
        <QuoteSummaryCards summary={summary} loading={summaryLoading} />
        {error ? (
          <Alert
            type="error"
            showIcon
            title={errorMessage(error, QUOTE_ERRORS.load)}
            action={
              <Button size="small" icon={<ReloadOutlined />} onClick={() => void refetch()}>
                Retry
              </Button>
            }
          />
        ) : null}
        <Card title="All Quotes">
          <QuotesTable
            quotes={quotes}
            loading={isLoading || (isFetching && quotes.length === 0)}
            failed={Boolean(error)}
            sendingId={actions.sendingId}
            onView={setViewing}
            onSend={(quote) => void actions.send(quote)}
            onEdit={openForm}
          />
        </Card>
      </Flex>
      <QuoteFormModal key={form.session} open={form.open} quote={form.quote} onClose={closeForm} />
      <QuoteDetailDrawer quote={viewing} onClose={closeView} />
    </>
  );
}
