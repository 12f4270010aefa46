import type { ProductService, QuoteEditRule, QuoteFieldAfterSending } from '@sixa/contracts/browser';
import { Alert, Checkbox, Col, Divider, Form, Input, InputNumber, Row, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { QuoteLineItems } from './QuoteLineItems';
import { quoteNumberRule, quoteNumbersValid } from './quoteNumbers';
import { ADDRESS_FIELDS, buildQuoteBody, NEW_QUOTE, previewTotals, type QuoteFormValues } from './quotePayloads';
import { QuoteTotalsPreview } from './QuoteTotalsPreview';

interface QuoteFormFieldsProps {
  products: readonly ProductService[];
  productsLoading: boolean;
  /** What may change (everything for a new quote or a draft), and why the rest cannot. */
  rule: QuoteEditRule;
  /** When the quote was sent (its expiry counts from then); null for a draft. */
  sentAt: string | null;
  /** A new quote's expiry as the workspace sets it, once known (taken unless typed over). */
  defaultExpiry?: number;
}

/**
 * The fields of Create Quote and Edit Quote, with the totals preview: the server's own money
 * function over the body that will be sent, shown only while every number is in its range. Fields a
 * sent quote no longer lets change are shown disabled, under the reason.
 */
export function QuoteFormFields({ products, productsLoading, rule, sentAt, defaultExpiry }: QuoteFormFieldsProps) {
  const form = Form.useFormInstance<QuoteFormValues>();
  const values = Form.useWatch((all: QuoteFormValues) => all, { form, preserve: true });
  const body = useMemo(() => buildQuoteBody(values ?? NEW_QUOTE), [values]);
  const valid = quoteNumbersValid(values, sentAt);
  const totals = useMemo(() => (valid ? previewTotals(body, products) : null), [valid, body, products]);
  const locked = (field: 'all' | QuoteFieldAfterSending) =>
    rule.editable !== 'all' && (field === 'all' || !rule.editable.includes(field));

  useEffect(() => {
    if (defaultExpiry !== undefined && !form.isFieldTouched('expires_in_days'))
      form.setFieldValue('expires_in_days', defaultExpiry);
  }, [defaultExpiry, form]);

  return (
    <>
      {rule.reason ? <Alert type="info" showIcon title={rule.reason} style={{ marginBottom: 16 }} /> : null}
      <Row gutter={24}>
        <Col xs={24} md={10}>
          <Typography.Title level={5}>Customer Information</Typography.Title>
          <Form.Item
            label="Title"
            name="title"
            rules={[{ required: true, whitespace: true, message: 'Please enter a title' }]}
          >
            <Input maxLength={200} placeholder="e.g. CRM rollout for 25 seats" disabled={locked('all')} />
          </Form.Item>
          <Form.Item
            label="Customer Name"
            name="customer_name"
            rules={[{ required: true, whitespace: true, message: "Please enter the customer's name" }]}
          >
            <Input maxLength={160} autoComplete="off" disabled={locked('all')} />
          </Form.Item>
          <Form.Item
            label="Customer Email"
            name="customer_email"
            rules={[
              { required: true, message: "Please enter the customer's email address" },
              { type: 'email', message: 'Please enter a valid email address' },
            ]}
          >
            <Input type="email" autoComplete="off" disabled={locked('all')} />
          </Form.Item>
          <Form.Item label="Customer Phone" name="customer_phone">
            <Input type="tel" maxLength={40} autoComplete="off" disabled={locked('all')} />
          </Form.Item>
          <Row gutter={12}>
            {ADDRESS_FIELDS.map((field) => (
              <Col key={field.key} xs={24} sm={field.key === 'street' ? 24 : 12}>
                <Form.Item label={field.label} name={['customer_address', field.key]}>
                  <Input autoComplete="off" disabled={locked('all')} />
                </Form.Item>
              </Col>
            ))}
          </Row>
        </Col>
        <Col xs={24} md={14}>
          <Typography.Title level={5}>Line Items</Typography.Title>
          <QuoteLineItems
            products={products}
            productsLoading={productsLoading}
            totals={totals}
            disabled={locked('all')}
          />
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
            <Input.TextArea rows={3} maxLength={10_000} disabled={locked('notes')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Terms & Conditions" name="terms_conditions">
            <Input.TextArea rows={3} maxLength={20_000} disabled={locked('terms_conditions')} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item label="Tax Rate (%)" name="tax_rate" rules={[quoteNumberRule('tax_rate')]}>
            <InputNumber step={0.01} style={{ width: '100%' }} disabled={locked('all')} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item label="Tax Name" name="tax_name">
            <Input maxLength={40} disabled={locked('all')} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item
            label="Expires in (days)"
            name="expires_in_days"
            rules={[quoteNumberRule('expires_in_days', sentAt)]}
            extra={sentAt && !locked('expires_in_days') ? 'Counted from the day it was sent.' : undefined}
          >
            <InputNumber step={1} style={{ width: '100%' }} disabled={locked('expires_in_days')} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="is_inclusive" valuePropName="checked" style={{ marginBottom: 0 }}>
            <Checkbox disabled={locked('all')}>Tax included in prices</Checkbox>
          </Form.Item>
          <Form.Item name="e_signature_required" valuePropName="checked">
            <Checkbox disabled={locked('all')}>Require e-signature</Checkbox>
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
