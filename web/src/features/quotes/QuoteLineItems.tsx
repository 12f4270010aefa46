import { PRICING_TIERS, type ProductService, type QuoteTotals } from '@sixa/contracts/browser';
import { formatUsd } from '../../shared/money';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Col, Empty, Flex, Form, InputNumber, Row, Select, Typography } from 'antd';
import { PRICING_TIER_LABELS } from './quoteLabels';
import { quoteNumberRule } from './quoteNumbers';
import { NEW_LINE, tierPrice, type QuoteLineFormValues } from './quotePayloads';

const TIER_OPTIONS = PRICING_TIERS.map((tier) => ({ value: tier, label: PRICING_TIER_LABELS[tier] }));

interface QuoteLineItemsProps {
  products: readonly ProductService[];
  productsLoading: boolean;
  /** The preview of each line, in order; null while a number is out of its range. */
  totals: QuoteTotals | null;
  /** The lines can no longer change (a sent quote): shown, not editable. */
  disabled?: boolean;
}

/**
 * The Line Items column: product, tier, quantity and discounts per line; add and remove lines. A
 * number out of its range says so under its field as it is typed.
 */
export function QuoteLineItems({ products, productsLoading, totals, disabled = false }: QuoteLineItemsProps) {
  const form = Form.useFormInstance();
  const lines = Form.useWatch<QuoteLineFormValues[] | undefined>('line_items', form) ?? [];
  const productOptions = products.map((product) => ({ value: product.id, label: product.name }));
  const byId = new Map(products.map((product) => [product.id, product]));

  return (
    <Form.List name="line_items">
      {(fields, { add, remove }) => (
        <Flex vertical gap="small">
          {fields.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No line items yet: add a product or service." />
          ) : null}
          {fields.map((field, index) => {
            const line = lines[index];
            const product = line?.product_service_id ? byId.get(line.product_service_id) : undefined;
            const preview = totals?.lines[index];
            return (
              <Card
                key={field.key}
                size="small"
                title={`Line ${index + 1}`}
                extra={
                  disabled ? null : (
                    <Button
                      type="text"
                      danger
                      size="small"
                      icon={<DeleteOutlined />}
                      aria-label={`Remove line ${index + 1}`}
                      onClick={() => remove(field.name)}
                    />
                  )
                }
              >
                <Row gutter={12}>
                  <Col xs={24} sm={16}>
                    <Form.Item label="Product" name={[field.name, 'product_service_id']}>
                      <Select
                        disabled={disabled}
                        showSearch={{ optionFilterProp: 'label' }}
                        placeholder="Choose a product or service"
                        options={productOptions}
                        loading={productsLoading}
                        notFoundContent={productsLoading ? 'Loading...' : 'No products: initialize sample data'}
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={24} sm={8}>
                    <Form.Item label="Pricing Tier" name={[field.name, 'pricing_tier']}>
                      <Select options={TIER_OPTIONS} disabled={disabled} />
                    </Form.Item>
                  </Col>
                  <Col xs={8}>
                    <Form.Item label="Quantity" name={[field.name, 'quantity']} rules={[quoteNumberRule('quantity')]}>
                      <InputNumber step={1} disabled={disabled} style={{ width: '100%' }} />
                    </Form.Item>
                  </Col>
                  <Col xs={8}>
                    <Form.Item
                      label="Discount %"
                      name={[field.name, 'discount_percentage']}
                      rules={[quoteNumberRule('discount_percentage')]}
                    >
                      <InputNumber step={1} disabled={disabled} style={{ width: '100%' }} />
                    </Form.Item>
                  </Col>
                  <Col xs={8}>
                    <Form.Item
                      label="Discount Amount"
                      name={[field.name, 'discount_amount']}
                      rules={[quoteNumberRule('discount_amount')]}
                    >
                      <InputNumber step={0.01} disabled={disabled} style={{ width: '100%' }} />
                    </Form.Item>
                  </Col>
                </Row>
                <Flex justify="space-between" wrap>
                  <Typography.Text type="secondary">
                    {product
                      ? `Unit price ${formatUsd(tierPrice(product, line?.pricing_tier ?? 'standard'))}`
                      : 'Choose a product to price this line'}
                  </Typography.Text>
                  {product && preview ? (
                    <Typography.Text strong>Line total {formatUsd(preview.net)}</Typography.Text>
                  ) : null}
                </Flex>
              </Card>
            );
          })}
          {disabled ? null : (
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ ...NEW_LINE })} block>
              Add Line Item
            </Button>
          )}
        </Flex>
      )}
    </Form.List>
  );
}
