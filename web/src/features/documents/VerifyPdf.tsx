import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Typography } from 'antd';
import { useRef, useState, type ChangeEvent } from 'react';
import { errorMessage } from '../../shared/apiError';
import { formatDateTime } from '../../shared/formatDate';
import { Hash } from './AuditTrail';
import { readFileBase64 } from './documentPayloads';
import { DOCUMENT_ERRORS, useVerifyDocumentMutation } from './documentsApi';

/**
 * 'Verify a PDF': someone holds a PDF said to be a signed document; the server says whether it is,
 * byte for byte, a document signed here (by its SHA-256), and which one.
 */
export function VerifyPdf() {
  const input = useRef<HTMLInputElement>(null);
  const [verify, { data, error, isLoading, reset }] = useVerifyDocumentMutation();
  const [fileName, setFileName] = useState<string | null>(null);
  const [unreadable, setUnreadable] = useState(false);

  const picked = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    reset();
    setUnreadable(false);
    setFileName(file.name);
    let content: string;
    try {
      content = await readFileBase64(file);
    } catch {
      setUnreadable(true);
      return;
    }
    try {
      await verify(content).unwrap();
    } catch {
      // shown below
    }
  };

  return (
    <Flex vertical gap="small">
      <Typography.Text type="secondary">
        Check that a PDF you received is exactly a document signed here, unchanged.
      </Typography.Text>
      <Flex>
        <Button icon={<SafetyCertificateOutlined />} loading={isLoading} onClick={() => input.current?.click()}>
          Verify a PDF
        </Button>
        <input
          ref={input}
          type="file"
          accept=".pdf,application/pdf"
          aria-label="PDF to verify"
          hidden
          onChange={(event) => void picked(event)}
        />
      </Flex>
      {unreadable && fileName ? <Alert type="error" showIcon title={`${fileName} could not be read`} /> : null}
      {error ? <Alert type="error" showIcon title={errorMessage(error, DOCUMENT_ERRORS.verify)} /> : null}
      {data ? (
        <Alert
          type={data.verified ? 'success' : 'warning'}
          showIcon
          title={
            data.verified
              ? `${fileName ?? 'The PDF'} is the signed "${data.title ?? 'document'}"${data.signed_at ? `, signed ${formatDateTime(data.signed_at)}` : ''}.`
              : `${fileName ?? 'The PDF'} does not match a signed document.`
          }
          description={
            <Flex vertical gap={4}>
              {data.detail ? <span>{data.detail}</span> : null}
              <span>
                SHA-256: <Hash value={data.sha256} />
              </span>
            </Flex>
          }
        />
      ) : null}
    </Flex>
  );
}
