import type { DocumentTemplate } from '@sixa/contracts/browser';
import { FileAddOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Modal, Skeleton, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { errorMessage } from '../../shared/apiError';
import { sampleValues } from './documentPayloads';
import { DOCUMENT_ERRORS, usePreviewTemplateMutation } from './documentsApi';
import { SafeHtmlFrame } from './SafeHtmlFrame';

interface TemplatePreviewModalProps {
  /** The template to preview; null when closed. */
  template: DocumentTemplate | null;
  onClose: () => void;
  onUse: (template: DocumentTemplate) => void;
}

/**
 * Preview: the template rendered by the server (the same renderer that makes documents) with sample
 * values for its variables, shown in a sandboxed frame.
 */
export function TemplatePreviewModal({ template, onClose, onUse }: TemplatePreviewModalProps) {
  const [preview, { data, error, isLoading, originalArgs }] = usePreviewTemplateMutation();
  const samples = useMemo(() => (template ? sampleValues(template.variables) : {}), [template]);

  useEffect(() => {
    if (!template) return;
    const request = preview({ id: template.id, variables: samples });
    return () => request.abort();
  }, [template, samples, preview]);

  // What is shown is the answer for this template (not the one previewed before it).
  const current = Boolean(template && originalArgs?.id === template.id);

  return (
    <Modal
      open={template !== null}
      title={template ? `Preview: ${template.title}` : 'Preview'}
      onCancel={onClose}
      width={820}
      footer={
        <Flex justify="flex-end" gap="small">
          <Button onClick={onClose}>Close</Button>
          {template ? (
            <Button type="primary" icon={<FileAddOutlined />} onClick={() => onUse(template)}>
              Use Template
            </Button>
          ) : null}
        </Flex>
      }
    >
      {current && error ? (
        <Alert type="error" showIcon title={errorMessage(error, DOCUMENT_ERRORS.preview)} />
      ) : !current || isLoading || !data ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <Flex vertical gap="small">
          {template?.variables.length ? (
            <Typography.Text type="secondary">
              Shown with sample values for: {template.variables.join(', ')}
            </Typography.Text>
          ) : null}
          {data.missing_variables.length ? (
            <Typography.Text type="warning">Not filled: {data.missing_variables.join(', ')}</Typography.Text>
          ) : null}
          <SafeHtmlFrame
            title={`Preview of ${template?.title ?? 'the template'}`}
            content={data.content}
            height={420}
          />
        </Flex>
      )}
    </Modal>
  );
}
