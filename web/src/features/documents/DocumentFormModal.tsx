import type { Document, DocumentCategory, DocumentTemplate } from '@sixa/contracts/browser';
import { EyeOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Col, Flex, Form, Input, Row, Select, Typography } from 'antd';
import { errorMessage } from '../../shared/apiError';
import { FormModal } from '../../shared/FormModal';
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

/** The template a form's values name: the one it was opened with, or one of the list. */
function templateOf(
  id: string | null | undefined,
  target: DocumentFormTarget,
  templates: readonly DocumentTemplate[],
): DocumentTemplate | null {
  if (!id) return null;
  if (target.kind === 'create' && target.template?.id === id) return target.template;
  return templates.find((t) => t.id === id) ?? null;
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
  const [createDocument] = useCreateDocumentMutation();
  const [updateDocument] = useUpdateDocumentMutation();
  const { message } = useFeedback();
  const editing = target.kind === 'edit' ? target.document : null;

  const submit = async (values: DocumentFormValues, { etag }: { etag: string | undefined }) => {
    if (editing) {
      const saved = await updateDocument({ id: editing.id, body: buildDocumentUpdate(editing, values), etag }).unwrap();
      message.success(`Document "${saved.title}" was updated`);
    } else {
      const template = templateOf(values.template_id, target, templates);
      const saved = await createDocument(buildDocumentBody(values, template)).unwrap();
      message.success(`Document "${saved.title}" was created`);
    }
  };

  return (
    <FormModal<DocumentFormValues>
      open={open}
      recordKey={editing?.id}
      etag={editing?.etag}
      title={editing ? 'Edit Document' : 'Create New Document'}
      okText={editing ? 'Save Changes' : 'Create Document'}
      name="document"
      width={820}
      initialValues={initialValues(target, categoryId)}
      canSubmit={(values) =>
        editing
          ? Boolean(values.title?.trim() && values.content?.trim())
          : canSubmitDocument(values, templateOf(values.template_id, target, templates))
      }
      onSubmit={submit}
      onClose={onClose}
      errorFallback={editing ? DOCUMENT_ERRORS.updateDocument : DOCUMENT_ERRORS.createDocument}
    >
      <DocumentFields target={target} templates={templates} categories={categories} categoryId={categoryId} />
    </FormModal>
  );
}

type DocumentFieldsProps = Omit<DocumentFormModalProps, 'open' | 'onClose'>;

/** The document's fields; from a template, its variables and a preview of the content they give. */
function DocumentFields({ target, templates, categories, categoryId }: DocumentFieldsProps) {
  const form = Form.useFormInstance<DocumentFormValues>();
  const [previewTemplate, previewState] = usePreviewTemplateMutation();
  const editing = target.kind === 'edit' ? target.document : null;
  const templateId = Form.useWatch('template_id', { form, preserve: true });
  const template = templateOf(templateId, target, templates);

  const chooseTemplate = (id: string | null) => {
    previewState.reset();
    const chosen = id ? templates.find((t) => t.id === id) : null;
    form.setFieldsValue(chosen ? documentFromTemplate(chosen) : { ...NEW_DOCUMENT, category_id: categoryId });
  };

  const preview = () => {
    if (!template) return;
    const variables = (form.getFieldValue('variables') ?? {}) as Record<string, string | undefined>;
    const given = Object.fromEntries(
      Object.entries(variables).filter((entry): entry is [string, string] => Boolean(entry[1]?.trim())),
    );
    void previewTemplate({ id: template.id, variables: given });
  };

  return (
    <>
      {editing ? null : (
        <Form.Item label="Template" htmlFor="document-template">
          <Select
            id="document-template"
            value={template?.id ?? null}
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
    </>
  );
}
