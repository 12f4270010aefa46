import type { Document, DocumentCategory, DocumentTemplate } from '@sixa/contracts';
import { EyeOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Col, Flex, Form, Input, Modal, Row, Select, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { errorMessage } from '../../shared/apiError';
import { FormError } from '../../shared/FormError';
import { useFeedback } from '../../theme/Feedback';
import { ACCESS_OPTIONS, categoryOptions, CONTENT_STYLE, FORMAT_OPTIONS, TYPE_OPTIONS } from './documentFormOptions';
import {
  buildDocumentBody,
  buildDocumentUpdate,
  canSubmitDocument,
  documentFormValues,
  documentFromTemplate,
  NEW_DOCUMENT,
  variableLabel,
  type DocumentFormValues,
} from './documentPayloads';
import {
  DOCUMENT_ERRORS,
  useCreateDocumentMutation,
  usePreviewTemplateMutation,
  useUpdateDocumentMutation,
} from './documentsApi';
import { SafeHtmlFrame } from './SafeHtmlFrame';

/** What the form does: create (blank, or from a template), or edit a draft or active document. */
export type DocumentFormTarget =
  { kind: 'create'; template: DocumentTemplate | null } | { kind: 'edit'; document: Document };

interface DocumentFormModalProps {
  open: boolean;
  target: DocumentFormTarget;
  templates: readonly DocumentTemplate[];
  categories: readonly DocumentCategory[];
  /** The category the screen is filtered to: a blank document's, unless changed. */
  categoryId: string | null;
  onClose: () => void;
}

const STATUS_OPTIONS = [
  { value: 'draft', label: 'Draft' },
  { value: 'active', label: 'Active' },
];

function initialValues(target: DocumentFormTarget, categoryId: string | null): DocumentFormValues {
  if (target.kind === 'edit') return documentFormValues(target.document);
  return target.template ? documentFromTemplate(target.template) : { ...NEW_DOCUMENT, category_id: categoryId };
}

/**
 * Create New Document (blank, or from a template with a field per variable; 'Use Template' opens it
 * with the template chosen) and Edit Document. Spec: Create is disabled unless title and content are
 * filled; from a template the server renders the content, so every variable needs a value instead.
 */
export function DocumentFormModal({
  open,
  target,
  templates,
  categories,
  categoryId,
  onClose,
}: DocumentFormModalProps) {
  const [form] = Form.useForm<DocumentFormValues>();
  const [createDocument, createState] = useCreateDocumentMutation();
  const [updateDocument, updateState] = useUpdateDocumentMutation();
  const [previewTemplate, previewState] = usePreviewTemplateMutation();
  const { message } = useFeedback();
  const editing = target.kind === 'edit' ? target.document : null;
  const saving = editing ? updateState : createState;
  const [templateId, setTemplateId] = useState<string | null>(
    target.kind === 'create' ? (target.template?.id ?? null) : null,
  );
  const template = useMemo(() => {
    if (!templateId) return null;
    if (target.kind === 'create' && target.template?.id === templateId) return target.template;
    return templates.find((t) => t.id === templateId) ?? null;
  }, [templateId, target, templates]);
  const values = Form.useWatch((all: DocumentFormValues) => all, { form, preserve: true });
  const canSubmit = editing
    ? Boolean(values?.title?.trim() && values?.content?.trim())
    : canSubmitDocument(values, template);

  const chooseTemplate = (id: string | null) => {
    setTemplateId(id);
    previewState.reset();
    const chosen = id ? templates.find((t) => t.id === id) : null;
    form.setFieldsValue(chosen ? documentFromTemplate(chosen) : { ...NEW_DOCUMENT, category_id: categoryId });
  };

  const close = () => {
    createState.reset();
    updateState.reset();
    onClose();
  };

  const submit = async () => {
    const all = form.getFieldsValue(true) as DocumentFormValues;
    try {
      if (editing) {
        const saved = await updateDocument({ id: editing.id, body: buildDocumentUpdate(editing, all) }).unwrap();
        message.success(`Document "${saved.title}" was updated`);
      } else {
        const saved = await createDocument(buildDocumentBody(all, template)).unwrap();
        message.success(`Document "${saved.title}" was created`);
      }
      close();
    } catch {
      // The reason is shown inside the form; it stays open for a correction.
    }
  };

  const preview = () => {
    if (!template) return;
    const given = Object.fromEntries(
      Object.entries(values?.variables ?? {}).filter((entry): entry is [string, string] => Boolean(entry[1]?.trim())),
    );
    void previewTemplate({ id: template.id, variables: given });
  };

  return (
    <Modal
      open={open}
      title={editing ? `Edit Document` : 'Create New Document'}
      okText={editing ? 'Save Changes' : 'Create Document'}
      onCancel={close}
      destroyOnHidden
      width={820}
      okButtonProps={{ htmlType: 'submit', disabled: !canSubmit, loading: saving.isLoading }}
      modalRender={(dom) => (
        <Form
          form={form}
          name="document"
          layout="vertical"
          requiredMark={false}
          initialValues={initialValues(target, categoryId)}
          onFinish={submit}
        >
          {dom}
        </Form>
      )}
    >
      <FormError
        error={saving.error}
        fallback={editing ? DOCUMENT_ERRORS.updateDocument : DOCUMENT_ERRORS.createDocument}
      />
      {editing ? null : (
        <Form.Item label="Template" htmlFor="document-template">
          <Select
            id="document-template"
            value={templateId}
            onChange={(id: string | undefined) => chooseTemplate(id ?? null)}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="None: write the content"
            options={templates.map((t) => ({ value: t.id, label: t.title }))}
          />
        </Form.Item>
      )}
      <Form.Item
        label="Title"
        name="title"
        rules={[{ required: true, whitespace: true, message: 'Please enter a title' }]}
      >
        <Input maxLength={200} />
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
        <Col xs={24} sm={8}>
          <Form.Item label="File format" name="file_format">
            <Select options={FORMAT_OPTIONS} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item label="Access" name="access_level">
            <Select options={ACCESS_OPTIONS} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item label="Status" name="status">
            <Select options={STATUS_OPTIONS} />
          </Form.Item>
        </Col>
      </Row>
      {template ? (
        <>
          <Typography.Title level={5}>Template variables</Typography.Title>
          {template.variables.length === 0 ? (
            <Typography.Paragraph type="secondary">This template has no variables.</Typography.Paragraph>
          ) : (
            <Row gutter={16}>
              {template.variables.map((name) => (
                <Col key={name} xs={24} sm={12}>
                  <Form.Item
                    label={variableLabel(name)}
                    name={['variables', name]}
                    tooltip={`{{${name}}}`}
                    rules={[
                      {
                        required: true,
                        whitespace: true,
                        message: `Please enter ${variableLabel(name).toLowerCase()}`,
                      },
                    ]}
                  >
                    <Input maxLength={2000} />
                  </Form.Item>
                </Col>
              ))}
            </Row>
          )}
          <Flex vertical gap="small" style={{ marginBottom: 16 }}>
            <Flex>
              <Button icon={<EyeOutlined />} onClick={preview} loading={previewState.isLoading}>
                Preview with these values
              </Button>
            </Flex>
            {previewState.error ? (
              <Alert type="error" showIcon title={errorMessage(previewState.error, DOCUMENT_ERRORS.preview)} />
            ) : null}
            {previewState.data ? (
              <SafeHtmlFrame title={`Preview of ${template.title}`} content={previewState.data.content} height={280} />
            ) : null}
          </Flex>
        </>
      ) : (
        <Form.Item
          label="Content"
          name="content"
          rules={[{ required: true, whitespace: true, message: 'Please enter the content' }]}
          extra={editing ? 'A change of content makes a new version.' : 'Text or HTML.'}
        >
          <Input.TextArea rows={8} style={CONTENT_STYLE} />
        </Form.Item>
      )}
      <Form.Item
        name="signature_required"
        valuePropName="checked"
        extra="Send for Signature is offered once the document is active."
      >
        <Checkbox>Signature required</Checkbox>
      </Form.Item>
      {editing ? null : (
        <Form.Item label="Tags" name="tags" extra="Comma-separated">
          <Input />
        </Form.Item>
      )}
    </Modal>
  );
}
