import { InboxOutlined } from '@ant-design/icons';
import { Alert, Flex, Form, Input, Modal, Spin, Typography, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../shared/apiError';
import { saveAsFile } from '../../shared/files';
import { useFeedback } from '../../theme/Feedback';
import {
  base64Bytes,
  CONVERT_ACCEPT,
  CONVERT_EXTENSIONS,
  convertedFileName,
  defaultTitle,
  readFileBase64,
  sourceFormatOf,
} from './documentPayloads';
import { DOCUMENT_ERRORS, useConvertDocumentMutation } from './documentsApi';

interface ConvertFileModalProps {
  open: boolean;
  onClose: () => void;
}

type Phase = 'idle' | 'reading' | 'converting';

const PHASE_TEXT: Record<Exclude<Phase, 'idle'>, (file: string) => string> = {
  reading: (file) => `Reading ${file}…`,
  converting: (file) => `Converting ${file} to PDF…`,
};

const WRONG_TYPE = `Only ${CONVERT_EXTENSIONS.join(', ')} files can be converted.`;

/**
 * Convert File: one .docx, .xlsx, .html or .txt file to PDF. Spec: Convert is disabled until a file
 * is chosen, the title defaults to the file name up to its first dot, and the PDF is downloaded as
 * 'converted_' + the title. A refusal (too large, unreadable, timed out, converter down) shows the
 * server's reason.
 */
export function ConvertFileModal({ open, onClose }: ConvertFileModalProps) {
  const [convert, { error, reset }] = useConvertDocumentMutation();
  const { message } = useFeedback();
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [phase, setPhase] = useState<Phase>('idle');
  const [problem, setProblem] = useState<string | null>(null);
  const busy = phase !== 'idle';
  const format = file ? sourceFormatOf(file.name) : null;

  const choose = (chosen: File) => {
    reset();
    if (!sourceFormatOf(chosen.name)) {
      setFile(null);
      setProblem(`${chosen.name}: ${WRONG_TYPE}`);
      return;
    }
    setProblem(null);
    setFile(chosen);
    setTitle(defaultTitle(chosen.name));
  };

  const finish = () => {
    reset();
    setFile(null);
    setTitle('');
    setProblem(null);
    onClose();
  };
  const close = () => {
    if (!busy) finish();
  };

  const run = async () => {
    if (!file || !format) return;
    setProblem(null);
    const documentTitle = title.trim() || defaultTitle(file.name);
    try {
      setPhase('reading');
      let content: string;
      try {
        content = await readFileBase64(file);
      } catch {
        setProblem(`${file.name} could not be read`);
        return;
      }
      setPhase('converting');
      const result = await convert({
        file_content: content,
        source_format: format,
        target_format: 'pdf',
        document_title: documentTitle,
      }).unwrap();
      const name = convertedFileName(documentTitle);
      saveAsFile(base64Bytes(result.converted_content), name, 'application/pdf');
      message.success(`${file.name} was converted: ${name}`);
      finish();
    } catch {
      // The server's reason is shown in the modal.
    } finally {
      setPhase('idle');
    }
  };

  const fileList: UploadFile[] = file ? [{ uid: 'chosen', name: file.name, size: file.size, status: 'done' }] : [];

  return (
    <Modal
      open={open}
      title="Convert File"
      okText="Convert to PDF"
      onOk={() => void run()}
      onCancel={close}
      destroyOnHidden
      okButtonProps={{ disabled: !file || !format, loading: busy }}
      cancelButtonProps={{ disabled: busy }}
      mask={{ closable: !busy }}
    >
      <Flex vertical gap="middle">
        <Upload.Dragger
          accept={CONVERT_ACCEPT}
          multiple={false}
          maxCount={1}
          disabled={busy}
          fileList={fileList}
          beforeUpload={(chosen) => {
            choose(chosen);
            return Upload.LIST_IGNORE;
          }}
          onRemove={() => {
            setFile(null);
            setTitle('');
            reset();
            return true;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">Click or drag a file here</p>
          <p className="ant-upload-hint">{CONVERT_EXTENSIONS.join(', ')}</p>
        </Upload.Dragger>
        <Form layout="vertical" component="div">
          <Form.Item label="Document title" htmlFor="convert-title" style={{ marginBottom: 0 }}>
            <Input
              id="convert-title"
              value={title}
              disabled={busy}
              maxLength={200}
              placeholder="Defaults to the file name"
              onChange={(event) => setTitle(event.target.value)}
            />
          </Form.Item>
        </Form>
        {file && format ? (
          <Typography.Text type="secondary">
            Saved as{' '}
            <Typography.Text code>{convertedFileName(title.trim() || defaultTitle(file.name))}</Typography.Text>
          </Typography.Text>
        ) : null}
        {phase !== 'idle' && file ? (
          <Flex align="center" gap="small" role="status" aria-live="polite">
            <Spin size="small" />
            <Typography.Text>{PHASE_TEXT[phase](file.name)}</Typography.Text>
          </Flex>
        ) : null}
        {problem ? <Alert type="warning" showIcon title={problem} /> : null}
        {error ? <Alert type="error" showIcon title={errorMessage(error, DOCUMENT_ERRORS.convert)} /> : null}
      </Flex>
    </Modal>
  );
}
