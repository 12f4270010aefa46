import type { QuoteAcceptance } from '@sixa/contracts/browser';
import { Descriptions, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../shared/formatDate';

const METHOD_LABELS: Record<QuoteAcceptance['method'], string> = {
  typed_name: 'E-signature: typed full name and consent',
  click: 'Confirmed on the customer page',
  e_signature: 'E-signature: signed its document on the signing page',
};

/** The evidence kept with the customer's acceptance, for staff. */
export function QuoteAcceptanceDetails({ acceptance }: { acceptance: QuoteAcceptance }) {
  return (
    <section aria-label="Acceptance">
      <Typography.Title level={5}>Acceptance</Typography.Title>
      <Descriptions
        column={1}
        size="small"
        bordered
        items={[
          { key: 'when', label: 'Accepted', children: formatDateTime(acceptance.accepted_at) },
          { key: 'method', label: 'How', children: METHOD_LABELS[acceptance.method] ?? acceptance.method },
          { key: 'signer', label: 'Signed as', children: acceptance.signer_name ?? '—' },
          ...(acceptance.document_id
            ? [
                {
                  key: 'document',
                  label: 'Signed document',
                  children: (
                    <Link to={`/documents?document=${encodeURIComponent(acceptance.document_id)}`}>
                      Signed PDF and audit trail in the Document Center
                    </Link>
                  ),
                },
              ]
            : []),
          ...(acceptance.consent_text
            ? [{ key: 'consent', label: 'Consent given', children: acceptance.consent_text }]
            : []),
          { key: 'ip', label: 'Client address', children: acceptance.ip },
          { key: 'agent', label: 'Browser', children: acceptance.user_agent || '—' },
          {
            key: 'hash',
            label: 'Content SHA-256',
            children: (
              <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
                {acceptance.content_sha256}
              </Typography.Text>
            ),
          },
        ]}
      />
    </section>
  );
}
