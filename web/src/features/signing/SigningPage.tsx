import type { SigningSession } from '@sixa/contracts/browser';
import { FilePdfOutlined } from '@ant-design/icons';
import { Alert, Card, Descriptions, Flex, Result, Spin, Tag, Typography, theme } from 'antd';
import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { errorMessage } from '../../shared/apiError';
import { PRODUCT_NAME, SUITE_TITLE } from '../../shared/brand';
import { formatDateTime } from '../../shared/formatDate';
import { usePageTitle } from '../../shared/usePageTitle';
import { ThemeProvider } from '../../theme/ThemeProvider';
import { DOCUMENT_STATUS_COLOR, DOCUMENT_STATUS_LABEL, humanize } from '../documents/documentLabels';
import { SignersProgress } from '../documents/SignersProgress';
import { SignForm } from './SignForm';
import { PdfPages } from './PdfPages';
import { SIGNING_ERRORS, signingPdfUrl, useGetSigningSessionQuery } from './signingApi';

/** The page frame: the brand header above a centred column. */
function SigningFrame({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <Flex
      vertical
      align="center"
      style={{ minHeight: '100vh', background: token.colorBgLayout, padding: token.paddingLG }}
    >
      <Flex vertical gap="large" style={{ width: '100%', maxWidth: 960 }}>
        <header>
          <Typography.Title level={2} style={{ margin: 0, color: token.colorPrimaryText }}>
            {PRODUCT_NAME}
          </Typography.Title>
          <Typography.Text type="secondary">{SUITE_TITLE} · Electronic signature</Typography.Text>
        </header>
        <main>
          <Flex vertical gap="large">
            {children}
          </Flex>
        </main>
      </Flex>
    </Flex>
  );
}

/** Why this signer cannot sign now, when the server gave no reason. */
export function fallbackReason(session: SigningSession): string {
  switch (session.signer.status) {
    case 'signed':
      return 'You have already signed this document.';
    case 'declined':
      return 'You declined to sign this document.';
    case 'waiting':
      return 'This document is waiting for an earlier signer. You will receive an email when it is your turn.';
    default:
      return session.document_status === 'expired'
        ? 'This signature request has expired.'
        : 'This document cannot be signed at the moment.';
  }
}

type Outcome = 'signed' | 'declined';

function Done({ outcome, session }: { outcome: Outcome; session: SigningSession }) {
  if (outcome === 'declined') {
    return (
      <Result
        status="info"
        title="You declined to sign"
        subTitle={`Your answer and your reason are recorded: the sender of "${session.title}" sees them now. You can close this page.`}
      />
    );
  }
  const everyone = session.document_status === 'signed';
  return (
    <Result
      status="success"
      title={`You signed "${session.title}"`}
      subTitle={
        everyone
          ? 'Every signer has now signed. You will get an e-mail with a link to the signed PDF and its audit trail.'
          : 'Thank you. The remaining signers are asked next; the sender sees your signature now.'
      }
    />
  );
}

function SigningContent({ token, session }: { token: string; session: SigningSession }) {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const pdf = signingPdfUrl(token);
  const { signer } = session;

  let action: ReactNode;
  if (outcome) action = <Done outcome={outcome} session={session} />;
  else if (session.can_sign)
    action = (
      <SignForm
        token={token}
        session={session}
        onSigned={() => setOutcome('signed')}
        onDeclined={() => setOutcome('declined')}
      />
    );
  else
    action = (
      <Alert
        type={signer.status === 'signed' ? 'success' : 'warning'}
        showIcon
        title={session.reason || fallbackReason(session)}
      />
    );

  return (
    <>
      <Card>
        <Flex vertical gap="middle">
          <Flex justify="space-between" align="flex-start" gap="middle" wrap>
            <div style={{ minWidth: 0 }}>
              <Typography.Text type="secondary">Signature requested</Typography.Text>
              <Typography.Title level={3} style={{ margin: 0, overflowWrap: 'anywhere' }}>
                {session.title}
              </Typography.Title>
            </div>
            <Tag color={DOCUMENT_STATUS_COLOR[session.document_status]}>
              {DOCUMENT_STATUS_LABEL[session.document_status] ?? humanize(session.document_status)}
            </Tag>
          </Flex>
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2 }}
            items={[
              { key: 'signer', label: 'Signer', children: `${signer.name} (${signer.email})` },
              { key: 'role', label: 'Role', children: signer.role || '—' },
              { key: 'deadline', label: 'Sign by', children: formatDateTime(session.deadline_at) },
            ]}
          />
          {session.email_message ? (
            <Flex vertical gap={4}>
              <Typography.Text type="secondary">Message from the sender</Typography.Text>
              <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>
                <blockquote style={{ margin: 0 }}>{session.email_message}</blockquote>
              </Typography.Paragraph>
            </Flex>
          ) : null}
          <SignersProgress signers={session.signers} currentName={signer.name} />
        </Flex>
      </Card>
      <Card
        title="Document"
        extra={
          <Typography.Link href={pdf} target="_blank" rel="noopener noreferrer">
            <FilePdfOutlined /> Open the PDF in a new tab
          </Typography.Link>
        }
        styles={{ body: { padding: 0 } }}
      >
        <PdfPages url={pdf} title={session.title} openHref={pdf} />
      </Card>
      <Card title={outcome || !session.can_sign ? undefined : 'Sign'}>{action}</Card>
    </>
  );
}

function SigningScreen() {
  const { token = '' } = useParams<{ token: string }>();
  const { data: session, error, isLoading } = useGetSigningSessionQuery(token, { skip: !token });
  usePageTitle(session ? `Sign: ${session.title}` : 'Sign a document');

  if (isLoading) {
    return (
      <SigningFrame>
        <Flex justify="center" role="status" aria-live="polite" style={{ padding: 48 }}>
          <Spin size="large" description="Loading the document..." />
        </Flex>
      </SigningFrame>
    );
  }

  if (!session) {
    return (
      <SigningFrame>
        <Card>
          <Result
            status="warning"
            title="Signing link unavailable"
            subTitle={error ? errorMessage(error, SIGNING_ERRORS.load) : 'This signing link is not valid.'}
          />
        </Card>
      </SigningFrame>
    );
  }

  return (
    <SigningFrame>
      <SigningContent token={token} session={session} />
    </SigningFrame>
  );
}

/** Public: what a signer sees from the link in a signature request email, without signing in. */
export default function SigningPage() {
  return (
    <ThemeProvider>
      <SigningScreen />
    </ThemeProvider>
  );
}
