import { quoteEditRule, type Quote, type QuoteEditRule } from '@sixa/contracts/browser';
import { FormModal } from '../../shared/FormModal';
import { useFeedback } from '../../theme/Feedback';
import { QuoteFormFields } from './QuoteFormFields';
import { quoteNumbersValid } from './quoteNumbers';
import { buildQuoteBody, canSubmitQuote, NEW_QUOTE, quoteFormValues, type QuoteFormValues } from './quotePayloads';
import {
  QUOTE_ERRORS,
  useCreateQuoteMutation,
  useGetProductsQuery,
  useGetQuoteDefaultsQuery,
  useUpdateQuoteMutation,
} from './quotesApi';

const NEW_QUOTE_RULE: QuoteEditRule = { editable: 'all', reason: null };

interface QuoteFormModalProps {
  open: boolean;
  /** The quote to edit (PUT), whatever its status; null to create one. */
  quote: Quote | null;
  onClose: () => void;
  onSaved?: (quote: Quote) => void;
}

/**
 * Create New Quote, or Edit Quote: a draft in full; a sent quote only where `quoteEditRule` allows
 * (the rest shown disabled, under the reason); a decided one read-only. The server holds to the same rule.
 */
export function QuoteFormModal({ open, quote, onClose, onSaved }: QuoteFormModalProps) {
  const { data: products = [], isLoading: productsLoading } = useGetProductsQuery(undefined, { skip: !open });
  const { data: defaults } = useGetQuoteDefaultsQuery(undefined, { skip: !open || quote !== null });
  const [createQuote] = useCreateQuoteMutation();
  const [updateQuote] = useUpdateQuoteMutation();
  const { message } = useFeedback();
  const rule = quote ? quoteEditRule(quote) : NEW_QUOTE_RULE;
  const sentAt = quote?.sent_at ?? null;

  const submit = async (values: QuoteFormValues, { etag }: { etag: string | undefined }) => {
    // The whole store: every line and address field, exactly what the preview was computed from.
    const body = buildQuoteBody(values);
    const saved = quote ? await updateQuote({ id: quote.id, body, etag }).unwrap() : await createQuote(body).unwrap();
    message.success(quote ? `Quote ${saved.quote_number} was updated` : `Quote ${saved.quote_number} was created`);
    onSaved?.(saved);
  };

  return (
    <FormModal<QuoteFormValues>
      open={open}
      recordKey={quote?.id}
      etag={quote?.etag}
      title={quote ? `Edit Quote ${quote.quote_number}` : 'Create New Quote'}
      okText={quote ? 'Update Quote' : 'Create Quote'}
      name="quote"
      width={1080}
      initialValues={quote ? quoteFormValues(quote) : NEW_QUOTE}
      canSubmit={(values) =>
        (rule.editable === 'all' || rule.editable.length > 0) &&
        canSubmitQuote(values) &&
        quoteNumbersValid(values, sentAt)
      }
      onSubmit={submit}
      onClose={onClose}
      errorFallback={QUOTE_ERRORS.save}
    >
      <QuoteFormFields
        products={products}
        productsLoading={productsLoading}
        rule={rule}
        sentAt={sentAt}
        defaultExpiry={quote ? undefined : defaults?.expires_in_days}
      />
    </FormModal>
  );
}
