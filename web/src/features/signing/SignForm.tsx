import type { SigningSession } from '@sixa/contracts/browser';
import { EditOutlined, FontSizeOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Flex, Form, Input, Modal, Segmented, Typography, theme } from 'antd';
import { useId, useState } from 'react';
import { errorMessage } from '../../shared/apiError';
import { SignaturePad } from './SignaturePad';
import { SIGNING_ERRORS, useDeclineDocumentMutation, useSignDocumentMutation } from './signingApi';

export const CONSENT_TEXT = 'I agree to sign this document electronically';

/** A typed signature is shown in a handwriting face (the PDF carries the text itself). */
const SCRIPT_FONT = '"Segoe Script", "Brush Script MT", "Snell Roundhand", "Apple Chancery", cursive';

type Method = 'typed' | 'drawn';

interface SignFormProps {
  token: string;
  session: SigningSession;
  onSigned: () => void;
  onDeclined: () => void;
}

function DeclineModal({
  open,
  busy,
  failure,
  onCancel,
  onDecline,
}: {
  open: boolean;
  busy: boolean;
  failure: string | null;
  onCancel: () => void;
  onDecline: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const id = useId();
  return (
    <Modal
      open={open}
      title="Decline to sign?"
      okText="Decline"
      okButtonProps={{ danger: true, disabled: !reason.trim(), loading: busy }}
      cancelButtonProps={{ disabled: busy }}
      onOk={() => onDecline(reason.trim())}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Flex vertical gap="small">
        <Typography.Text>The sender will see that you declined, and your reason.</Typography.Text>
        {failure ? <Alert type="error" showIcon title={failure} /> : null}
        <label htmlFor={id}>Reason</label>
        <Input.TextArea
          id={id}
          rows={3}
          maxLength={1000}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          placeholder="e.g. The payment terms are not what we agreed"
        />
      </Flex>
    </Modal>
  );
}

/**
 * The signer's name, a typed or drawn signature, consent, then Sign; or Decline with a reason.
 * Sign stays disabled until all three are given.
 */
export function SignForm({ token, session, onSigned, onDeclined }: SignFormProps) {
  const { token: design } = theme.useToken();
  const [fullName, setFullName] = useState(session.signer.name);
  const [method, setMethod] = useState<Method>('typed');
  const [typed, setTyped] = useState(session.signer.name);
  const [drawn, setDrawn] = useState<string | null>(null);
  const [consent, setConsent] = useState(false);
  const [declining, setDeclining] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [sign, signing] = useSignDocumentMutation();
  const [decline, declineState] = useDeclineDocumentMutation();
  const busy = signing.isLoading || declineState.isLoading;

  const signature = method === 'typed' ? typed.trim() : drawn;
  const ready = Boolean(fullName.trim() && signature && consent);

  const submit = async () => {
    if (!ready || !signature) return;
    setFailure(null);
    try {
      await sign({
        token,
        body: { full_name: fullName.trim(), signature_type: method, signature, consent: true },
      }).unwrap();
      onSigned();
    } catch (error) {
      setFailure(errorMessage(error, SIGNING_ERRORS.sign));
    }
  };

  const refuse = async (reason: string) => {
    setFailure(null);
    try {
      await decline({ token, reason }).unwrap();
      setDeclining(false);
      onDeclined();
    } catch (error) {
      setFailure(errorMessage(error, SIGNING_ERRORS.decline));
    }
  };

  return (
    <Form layout="vertical" component="div" requiredMark={false}>
      {failure && !declining ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} /> : null}
      <Form.Item label="Full name" htmlFor="signer-full-name" required>
        <Input
          id="signer-full-name"
          autoComplete="name"
          maxLength={160}
          value={fullName}
          disabled={busy}
          onChange={(event) => setFullName(event.target.value)}
        />
      </Form.Item>
      <Form.Item label="Signature" required>
        <Flex vertical gap="small">
          <Segmented<Method>
            aria-label="How to sign"
            value={method}
            onChange={setMethod}
            disabled={busy}
            options={[
              { value: 'typed', label: 'Type', icon: <FontSizeOutlined /> },
              { value: 'drawn', label: 'Draw', icon: <EditOutlined /> },
            ]}
          />
          {method === 'typed' ? (
            <Flex vertical gap="small">
              <Input
                aria-label="Typed signature"
                maxLength={160}
                value={typed}
                disabled={busy}
                onChange={(event) => setTyped(event.target.value)}
              />
              <div
                aria-hidden
                style={{
                  minHeight: 72,
                  padding: `${design.paddingXS}px ${design.padding}px`,
                  borderBottom: `${design.lineWidth}px solid ${design.colorBorder}`,
                  fontFamily: SCRIPT_FONT,
                  fontSize: 36,
                  lineHeight: 1.6,
                  color: design.colorText,
                  overflowWrap: 'anywhere',
                }}
              >
                {typed}
              </div>
            </Flex>
          ) : (
            <SignaturePad onChange={setDrawn} disabled={busy} />
          )}
        </Flex>
      </Form.Item>
      <Form.Item>
        <Checkbox checked={consent} disabled={busy} onChange={(event) => setConsent(event.target.checked)}>
          {CONSENT_TEXT}
        </Checkbox>
      </Form.Item>
      <Flex justify="flex-end" gap="middle" wrap>
        <Button danger disabled={busy} onClick={() => setDeclining(true)}>
          Decline
        </Button>
        <Button
          type="primary"
          disabled={!ready || declineState.isLoading}
          loading={signing.isLoading}
          onClick={() => void submit()}
        >
          Sign
        </Button>
      </Flex>
      <DeclineModal
        open={declining}
        busy={declineState.isLoading}
        failure={declining ? failure : null}
        onCancel={() => {
          setFailure(null);
          setDeclining(false);
        }}
        onDecline={(reason) => void refuse(reason)}
      />
    </Form>
  );
}
