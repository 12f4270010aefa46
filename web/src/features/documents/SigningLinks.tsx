import { CopyOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Space, Typography } from 'antd';
import { copyText } from '../../shared/copyText';
import { useFeedback } from '../../theme/Feedback';
import { useGetSigningLinksQuery } from './documentsApi';

export const SIGNING_LINK_TEXT = {
  copied: 'Signing link copied',
  copyFailed: 'Could not copy the link; select it and copy it by hand.',
} as const;

/**
 * The links of the signers whose turn it is, for the sender (the document's creator or an admin) to
 * hand over another way when the e-mail does not arrive. Not clickable: opening one here would count
 * as that signer's visit. Nothing is shown to anyone else (the server refuses them).
 */
export function SigningLinks({ documentId, live }: { documentId: string; live: boolean }) {
  const { message } = useFeedback();
  const { data } = useGetSigningLinksQuery(documentId, {
    skip: !live,
    pollingInterval: live ? 15_000 : 0,
    skipPollingIfUnfocused: true,
  });
  if (!live || !data?.length) return null;

  const copy = async (url: string) => {
    if (await copyText(url)) message.success(SIGNING_LINK_TEXT.copied);
    else message.error(SIGNING_LINK_TEXT.copyFailed);
  };

  return (
    <section aria-label="Signing links">
      <Typography.Title level={5}>Signing links</Typography.Title>
      <Typography.Paragraph type="secondary">
        Each link is that signer&apos;s alone. Pass it on only if the email did not arrive.
      </Typography.Paragraph>
      <Flex vertical gap="small">
        {data.map((link) => (
          <Flex key={link.url} vertical gap={4}>
            <Typography.Text>
              {link.name} <Typography.Text type="secondary">({link.email})</Typography.Text>
            </Typography.Text>
            <Space.Compact style={{ width: '100%' }}>
              <Input
                readOnly
                value={link.url}
                aria-label={`Signing link for ${link.name}`}
                onFocus={(event) => event.target.select()}
              />
              <Button
                icon={<CopyOutlined />}
                aria-label={`Copy the signing link for ${link.name}`}
                onClick={() => void copy(link.url)}
              >
                Copy
              </Button>
            </Space.Compact>
          </Flex>
        ))}
      </Flex>
    </section>
  );
}
