import type { CreatedWebhook } from '@sixa/contracts/browser';
import { CopyOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Modal, Typography } from 'antd';
import { copyText } from '../../shared/copyText';
import { useFeedback } from '../../theme/Feedback';

/** The new webhook's signing secret: shown this once, with a copy button. */
export function WebhookSecretModal({ webhook, onClose }: { webhook: CreatedWebhook | null; onClose: () => void }) {
  const { message } = useFeedback();
  const copy = async () => {
    if (!webhook) return;
    if (await copyText(webhook.secret)) message.success('Secret copied to the clipboard');
    else message.error('Could not copy: select the secret and copy it by hand');
  };
  return (
    <Modal
      open={webhook !== null}
      title={webhook ? `Webhook "${webhook.name}" added` : 'Webhook added'}
      onCancel={onClose}
      onOk={onClose}
      okText="I have copied it"
      cancelButtonProps={{ style: { display: 'none' } }}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <Flex vertical gap="middle">
        <Alert
          type="warning"
          showIcon
          title="Copy the signing secret now: you won't see it again."
          description="Receivers verify each delivery's webhook-signature header with it (Standard Webhooks)."
        />
        <Flex gap="small" align="center">
          <Typography.Text code copyable={false} style={{ wordBreak: 'break-all' }} aria-label="Signing secret">
            {webhook?.secret}
          </Typography.Text>
          <Button icon={<CopyOutlined />} onClick={() => void copy()}>
            Copy
          </Button>
        </Flex>
      </Flex>
    </Modal>
  );
}
