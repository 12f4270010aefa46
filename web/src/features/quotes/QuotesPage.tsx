import { QUOTE_STATUSES, type Quote, type QuoteStatus } from '@sixa/contracts/browser';
import { DatabaseOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Space } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { AccessButton } from '../../shared/access';
import { errorMessage } from '../../shared/apiError';
import { FilterChip } from '../../shared/FilterChip';
import { PageHeader } from '../../shared/PageHeader';
import { useFormDialog } from '../../shared/useFormDialog';
import { useLinkQuery, useOnLinkValue } from '../../shared/useLinkQuery';
import { QuoteDetailDrawer } from './QuoteDetailDrawer';
import { QuoteFormModal } from './QuoteFormModal';
import { statusLabel } from './quoteLabels';
import { QUOTE_ERRORS, useGetQuotesQuery, useGetQuoteSummaryQuery } from './quotesApi';
import { QuoteSummaryCards } from './QuoteSummaryCards';
import { QuotesTable } from './QuotesTable';
import { useQuoteActions } from './useQuoteActions';

const NO_QUOTES: Quote[] = [];
const LINK_KEYS = ['status'] as const;
const isQuoteStatus = (value: string | null): value is QuoteStatus =>
  (QUOTE_STATUSES as readonly (string | null)[]).includes(value);

/**
 * Quoting Tool: quotes with line items, tax and optional e-signature. The table can be filtered to
 * one status, which a link's `?status=sent` starts from; removing the filter takes it out of the address.
 */
export default function QuotesPage() {
  const { data: allQuotes = NO_QUOTES, isLoading, isFetching, error, refetch } = useGetQuotesQuery();
  const link = useLinkQuery(LINK_KEYS);
  const [status, setShownStatus] = useState<QuoteStatus | null>(() =>
    isQuoteStatus(link.values.status) ? link.values.status : null,
  );
  useOnLinkValue(link.values.status, (value) => {
    if (isQuoteStatus(value)) setShownStatus(value);
  });
  const { clear } = link;
  const filterStatus = useCallback(
    (next: QuoteStatus | null) => {
      setShownStatus(next);
      clear('status');
    },
    [clear],
  );
  const quotes = useMemo(
    () => (status ? allQuotes.filter((quote) => quote.status === status) : allQuotes),
    [allQuotes, status],
  );
  const { data: summary, isLoading: summaryLoading } = useGetQuoteSummaryQuery();
  const actions = useQuoteActions();
  const form = useFormDialog<Quote | null>(null);
  const [viewing, setViewing] = useState<Quote | null>(null);
  const closeView = useCallback(() => setViewing(null), []);

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
            <AccessButton route="POST /quotes" type="primary" icon={<PlusOutlined />} onClick={() => form.show(null)}>
              Create Quote
            </AccessButton>
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
        <Card
          title={status ? `${statusLabel(status)} Quotes` : 'All Quotes'}
          extra={
            status ? <FilterChip label={`Status: ${statusLabel(status)}`} onRemove={() => filterStatus(null)} /> : null
          }
        >
          <QuotesTable
            quotes={quotes}
            loading={isLoading || (isFetching && quotes.length === 0)}
            failed={Boolean(error)}
            sendingId={actions.sendingId}
            onView={setViewing}
            onSend={(quote) => void actions.send(quote)}
            onEdit={form.show}
            statusFilter={status}
            onStatusFilter={filterStatus}
          />
        </Card>
      </Flex>
      <QuoteFormModal open={form.open} quote={form.target} onClose={form.close} />
      <QuoteDetailDrawer quote={viewing} onClose={closeView} />
    </>
  );
}
