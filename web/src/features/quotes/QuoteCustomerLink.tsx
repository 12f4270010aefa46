import { CopyOutlined } from '@ant-design/icons';
import { Button, Input, Space, Typography } from 'antd';
import { useCallback } from 'react';
import { copyText } from '../../shared/copyText';
import { useFeedback } from '../../theme/Feedback';

export const CUSTOMER_LINK_TEXT = {
  copied: 'Customer link copied',
  copyFailed: 'Could not copy the link; select it and copy it by hand.',
} as const;

/** Copies the customer's link and says whether it worked. */
export function useCopyCustomerLink() {
  const { message } = useFeedback();
  return useCallback(
    async (url: string) => {
      if (await copyText(url)) message.success(CUSTOMER_LINK_TEXT.copied);
      else message.error(CUSTOMER_LINK_TEXT.copyFailed);
    },
    [message],
  );
}

/**
 * The link staff pass on to the customer, read-only and selectable. Not a clickable link: opening
 * it here would count as the customer's visit (the quote becomes viewed).
 */
export function QuoteCustomerLink({ url }: { url: string }) {
  const copy = useCopyCustomerLink();
  return (
    <section aria-label="Customer link">
      <Typography.Title level={5}>Customer link</Typography.Title>
      <Typography.Paragraph type="secondary">
        The customer opens the quote here, without signing in, to accept or decline it.
      </Typography.Paragraph>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          readOnly
          value={url}
          aria-label="Customer link"
          data-testid="customer-link"
          onFocus={(e) => e.target.select()}
        />
        <Button icon={<CopyOutlined />} onClick={() => void copy(url)}>
          Copy link
        </Button>
      </Space.Compact>
    </section>
  );
}
