import type { Quote } from '@sixa/contracts';
import { Alert, Checkbox, Col, Divider, Form, Input, InputNumber, Modal, Row, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { errorMessage } from '../../shared/apiError';
import { useFeedback } from '../../theme/Feedback';
import { QuoteLineItems } from './QuoteLineItems';
import {
  ADDRESS_FIELDS,
  buildQuoteBody,
  canSubmitQuote,
  NEW_QUOTE,
  previewTotals,
  quoteFormValues,
  type QuoteFormValues,
} from './quotePayloads';
import {
  QUOTE_ERRORS,
  useCreateQuoteMutation,
  useGetProductsQuery,
  useGetQuoteDefaultsQuery,
  useUpdateQuoteMutation,
} from './quotesApi';
import { QuoteTotalsPreview } from './QuoteTotalsPreview';

interface QuoteFormModalProps {
  open: boolean;
  /** A draft to edit (PUT); none to create. */
  quote: Quote | null;
  onClose: () => void;
  onSaved?: (quote: Quote) => void;
}

/**
 * Create New Quote, or Edit Quote for a draft. The totals preview runs the server's own money
 * function over the body that will be sent, so what the user sees is what is saved.
 */
export function QuoteFormModal({ open, quote, onClose, onSaved }: QuoteFormModalProps) {
  const [form] = Form.useForm<QuoteFormValues>();
  const { data: products = [], isLoading: productsLoading } = useGetProductsQuery(undefined, { skip: !open });
  const editing = quote !== null;
  const { data: defaults } = useGetQuoteDefaultsQuery(undefined, { skip: !open || editing });
  // A new quote's expiry starts from the workspace's default (Settings › System Settings) unless typed over.
  useEffect(() => {
    if (defaults && !editing && !form.isFieldTouched('expires_in_days'))
      form.setFieldValue('expires_in_days', defaults.expires_in_days);
  }, [defaults, editing, form]);
  const [createQuote, createState] = useCreateQuoteMutation();
  const [updateQuote, updateState] = useUpdateQuoteMutation();
  const { message } = useFeedback();
  const saving = editing ? updateState : createState;

  const values = Form.useWatch((all: QuoteFormValues) => all, { form, preserve: true });
  const body = useMemo(() => buildQuoteBody(values ?? NEW_QUOTE), [values]);
  const totals = useMemo(() => previewTotals(body, products), [body, products]);
  const canSubmit = canSubmitQuote(values);

  const close = () => {
    createState.reset();
    updateState.reset();
    onClose();
  };

  const submit = async () => {
    // The whole store: every line and address field, exactly what the preview was computed from.
    const payload = buildQuoteBody(form.getFieldsValue(true) as QuoteFormValues);
    try {
      const saved = quote
        ? await updateQuote({ id: quote.id, body: { ...payload, rev: quote.rev } }).unwrap()
        : await createQuote(payload).unwrap();
      message.success(quote ? `Quote ${saved.quote_number} was updated` : `Quote ${saved.quote_number} was created`);
      onSaved?.(saved);
      close();
    } catch {
      // The reason is shown inside the form; it stays open for a correction.
    }
  };

  return (
    <Modal
      open={open}
      title={editing ? `Edit Quote ${quote.quote_number}` : 'Create New Quote'}
      okText={editing ? 'Update Quote' : 'Create Quote'}
      onCancel={close}
      destroyOnHidden
      width={1080}
      okButtonProps={{ htmlType: 'submit', disabled: !canSubmit, loading: saving.isLoading }}
      modalRender={(dom) => (
        // Not preserve={false}: under StrictMode's remount it would empty the line fields. The page
        // mounts a new modal (a new form) for every opening instead.
        <Form
          form={form}
          name="quote"
          layout="vertical"
          requiredMark={false}
          initialValues={quote ? quoteFormValues(quote) : NEW_QUOTE}
          onFinish={submit}
        >
          {dom}
        </Form>
      )}
    >
      {saving.error ? (
        <Alert
          type="error"
          showIcon
          title={errorMessage(saving.error, QUOTE_ERRORS.save)}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Row gutter={24}>
        <Col xs={24} md={10}>
          <Typography.Title level={5}>Customer Information</Typography.Title>
          <Form.Item
            label="Title"
            name="title"
            rules={[{ required: true, whitespace: true, message: 'Please enter a title' }]}
          >
            <Input maxLength={200} placeholder="e.g. CRM rollout for 25 seats" />
          </Form.Item>
          <Form.Item
            label="Customer Name"
            name="customer_name"
            rules={[{ required: true, whitespace: true, message: "Please enter the customer's name" }]}
          >
            <Input maxLength={160} autoComplete="off" />
          </Form.Item>
          <Form.Item
            label="Customer Email"
            name="customer_email"
            rules={[
              { required: true, message: "Please enter the customer's email address" },
              { type: 'email', message: 'Please enter a valid email address' },
            ]}
          >
            <Input type="email" autoComplete="off" />
          </Form.Item>
          <Form.Item label="Customer Phone" name="customer_phone">
            <Input type="tel" maxLength={40} autoComplete="off" />
          </Form.Item>
          <Row gutter={12}>
            {ADDRESS_FIELDS.map((field) => (
              <Col key={field.key} xs={24} sm={field.key === 'street' ? 24 : 12}>
                <Form.Item label={field.label} name={['customer_address', field.key]}>
                  <Input autoComplete="off" />
                </Form.Item>
              </Col>
            ))}
          </Row>
        </Col>
        <Col xs={24} md={14}>
          <Typography.Title level={5}>Line Items</Typography.Title>
          <QuoteLineItems products={products} productsLoading={productsLoading} totals={totals} />
          <Divider />
          <QuoteTotalsPreview
            title="Totals preview"
            totals={totals}
            taxName={body.tax_settings.tax_name}
            taxRate={body.tax_settings.tax_rate}
            inclusive={body.tax_settings.is_inclusive}
          />
        </Col>
      </Row>
      <Divider />
      <Row gutter={24}>
        <Col xs={24} md={12}>
          <Form.Item label="Notes" name="notes">
            <Input.TextArea rows={3} maxLength={10_000} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Terms & Conditions" name="terms_conditions">
            <Input.TextArea rows={3} maxLength={20_000} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item label="Tax Rate (%)" name="tax_rate">
            <InputNumber step={0.01} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item label="Tax Name" name="tax_name">
            <Input maxLength={40} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item label="Expires in (days)" name="expires_in_days">
            <InputNumber step={1} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="is_inclusive" valuePropName="checked" style={{ marginBottom: 0 }}>
            <Checkbox>Tax included in prices</Checkbox>
          </Form.Item>
          <Form.Item name="e_signature_required" valuePropName="checked">
            <Checkbox>Require e-signature</Checkbox>
          </Form.Item>
        </Col>
      </Row>
    </Modal>
  );
}
