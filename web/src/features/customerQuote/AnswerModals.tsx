import { formatUsd } from '../../shared/money';
import { QUOTE_SIGNATURE_CONSENT_TEXT, type AcceptQuoteDto } from '@sixa/contracts/browser';
import { Alert, Checkbox, Flex, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import type { PublicQuote } from './customerQuoteApi';

interface AcceptModalProps {
  quote: PublicQuote;
  open: boolean;
  busy: boolean;
  failure: string | null;
  onCancel: () => void;
  onAccept: (body?: AcceptQuoteDto) => void;
}

/**
 * Accepting asks first. A quote that requires an e-signature is signed by typing the full name and
 * ticking the consent (the server checks both and keeps them as evidence).
 */
export function AcceptQuoteModal({ quote, open, busy, failure, onCancel, onAccept }: AcceptModalProps) {
  const [name, setName] = useState('');
  const [consent, setConsent] = useState(false);
  const signing = quote.e_signature_required;
  const ready = !signing || (name.trim().length > 0 && consent);

  return (
    <Modal
      open={open}
      title={signing ? `Sign and accept quote ${quote.quote_number}` : 'Accept this quote?'}
      okText={signing ? 'Sign and accept' : 'Yes, accept'}
      cancelText="Cancel"
      okButtonProps={{ disabled: !ready }}
      confirmLoading={busy}
      onCancel={onCancel}
      onOk={() => onAccept(signing ? { signer_name: name.trim(), consent } : undefined)}
      destroyOnHidden
    >
      <Flex vertical gap="middle">
        <Typography.Paragraph style={{ margin: 0 }}>
          You accept quote {quote.quote_number}, &ldquo;{quote.title}&rdquo;, for {formatUsd(quote.total_amount)}, as
          shown on this page.
        </Typography.Paragraph>
        {signing ? (
          <Form
            layout="vertical"
            requiredMark={false}
            onFinish={() => ready && onAccept({ signer_name: name.trim(), consent })}
          >
            <Typography.Paragraph type="secondary">
              This quote asks for your electronic signature: type your full name and confirm.
            </Typography.Paragraph>
            <Form.Item label="Full name" htmlFor="quote-signer-name" required>
              <Input
                id="quote-signer-name"
                autoComplete="name"
                maxLength={160}
                value={name}
                onChange={(e) => setName(e.target.value)}
                autoFocus
              />
            </Form.Item>
            <Checkbox checked={consent} onChange={(e) => setConsent(e.target.checked)}>
              {QUOTE_SIGNATURE_CONSENT_TEXT}
            </Checkbox>
          </Form>
        ) : null}
        {failure ? <Alert type="error" showIcon title={failure} /> : null}
      </Flex>
    </Modal>
  );
}

interface DeclineModalProps {
  open: boolean;
  busy: boolean;
  failure: string | null;
  onCancel: () => void;
  onDecline: () => void;
}

export function DeclineQuoteModal({ open, busy, failure, onCancel, onDecline }: DeclineModalProps) {
  return (
    <Modal
      open={open}
      title="Decline this quote?"
      okText="Yes, decline"
      cancelText="Cancel"
      okButtonProps={{ danger: true }}
      confirmLoading={busy}
      onCancel={onCancel}
      onOk={onDecline}
      destroyOnHidden
    >
      <Flex vertical gap="middle">
        <Typography.Paragraph style={{ margin: 0 }}>The sender will be told that you declined.</Typography.Paragraph>
        {failure ? <Alert type="error" showIcon title={failure} /> : null}
      </Flex>
    </Modal>
  );
}
