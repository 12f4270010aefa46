import type { DocumentCategory } from '@sixa/contracts/browser';
import { Col, Form, Input, Row, Select, Typography } from 'antd';
import { FormModal } from '../../shared/FormModal';
import { useFeedback } from '../../theme/Feedback';
import { ACCESS_OPTIONS, categoryOptions, CONTENT_STYLE, FORMAT_OPTIONS, TYPE_OPTIONS } from './documentFormOptions';
import {
  buildTemplateBody,
  canSubmitTemplate,
  NEW_TEMPLATE,
  placeholdersIn,
  type TemplateFormValues,
} from './documentPayloads';
import { DOCUMENT_ERRORS, useCreateTemplateMutation } from './documentsApi';

interface TemplateFormModalProps {
  open: boolean;
  categories: readonly DocumentCategory[];
  /** The category the screen is filtered to: the new template's, unless changed. */
  categoryId: string | null;
  onClose: () => void;
}

/**
 * Create New Template. Spec: Create is disabled unless title and content are filled; variables and
 * tags are typed with commas. The placeholders the content uses are variables anyway (the server
 * adds them): the form says which it found.
 */
export function TemplateFormModal({ open, categories, categoryId, onClose }: TemplateFormModalProps) {
  const [createTemplate] = useCreateTemplateMutation();
  const { message } = useFeedback();

  const submit = async (values: TemplateFormValues) => {
    const saved = await createTemplate(buildTemplateBody(values)).unwrap();
    message.success(`Template "${saved.title}" was created`);
  };

  return (
    <FormModal<TemplateFormValues>
      open={open}
      title="Create New Template"
      okText="Create Template"
      name="template"
      width={760}
      initialValues={{ ...NEW_TEMPLATE, category_id: categoryId }}
      canSubmit={canSubmitTemplate}
      onSubmit={submit}
      onClose={onClose}
      errorFallback={DOCUMENT_ERRORS.createTemplate}
    >
      <TemplateFields categories={categories} />
    </FormModal>
  );
}

/** The template's fields; the placeholders its content uses are listed under Variables as it is typed. */
function TemplateFields({ categories }: { categories: readonly DocumentCategory[] }) {
  const content = Form.useWatch<string | undefined>('content');
  const found = placeholdersIn(content);
  return (
    <>
      <Form.Item
        label="Title"
        name="title"
        rules={[{ required: true, whitespace: true, message: 'Please enter a title' }]}
      >
        <Input maxLength={200} placeholder="e.g. Master Services Agreement" />
      </Form.Item>
      <Form.Item label="Description" name="description">
        <Input.TextArea rows={2} maxLength={2000} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item label="Type" name="type">
            <Select options={TYPE_OPTIONS} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item label="Category" name="category_id">
            <Select options={categoryOptions(categories)} allowClear placeholder="No category" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item label="File format" name="file_format">
            <Select options={FORMAT_OPTIONS} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item label="Access" name="access_level">
            <Select options={ACCESS_OPTIONS} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        label="Content"
        name="content"
        rules={[{ required: true, whitespace: true, message: 'Please enter the content' }]}
        extra="Text or HTML. Placeholders in double braces, e.g. {{customer_name}}; optional parts in {{#if notes}}...{{/if}}."
      >
        <Input.TextArea rows={8} style={CONTENT_STYLE} />
      </Form.Item>
      <Form.Item
        label="Variables"
        name="variables"
        extra={
          found.length ? (
            <Typography.Text type="secondary">
              Placeholders in the content (added anyway): {found.join(', ')}
            </Typography.Text>
          ) : (
            'Comma-separated, e.g. customer_name, total_amount'
          )
        }
      >
        <Input placeholder="customer_name, total_amount" />
      </Form.Item>
      <Form.Item label="Tags" name="tags" extra="Comma-separated">
        <Input placeholder="sales, contract" />
      </Form.Item>
    </>
  );
}
