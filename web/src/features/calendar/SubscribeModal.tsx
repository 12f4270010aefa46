import { CopyOutlined, LinkOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Flex, Input, Modal, Popconfirm, Skeleton, Space, Typography } from 'antd';
import { errorMessage } from '../../shared/apiError';
import { copyText } from '../../shared/copyText';
import { useGetCalendarFeedLinkQuery, useRotateCalendarFeedLinkMutation } from './calendarApi';
import { CALENDAR_ERRORS } from './eventLabels';

export const SUBSCRIBE_TEXT = {
  intro:
    'Add this link to Google Calendar, Outlook or Apple Calendar to see your events there. Anyone with the link can read your calendar: keep it private.',
  copied: 'Calendar link copied',
  copyFailed: 'Could not copy the link; select it and copy it by hand.',
  resetQuestion: 'Reset the calendar link?',
  resetWarning: 'The current link stops working in every app that uses it.',
  reset: 'A new calendar link was made; the old one no longer works.',
} as const;

/** The user's subscription feed: the link to copy, to open in a calendar app, or to replace. */
export function SubscribeModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const feed = useGetCalendarFeedLinkQuery(undefined, { skip: !open });
  const [rotate, rotating] = useRotateCalendarFeedLinkMutation();

  const copy = async (url: string) => {
    if (await copyText(url)) message.success(SUBSCRIBE_TEXT.copied);
    else message.error(SUBSCRIBE_TEXT.copyFailed);
  };

  const reset = async () => {
    try {
      await rotate().unwrap();
      message.success(SUBSCRIBE_TEXT.reset);
    } catch {
      // shown by the API error listener
    }
  };

  const link = feed.data;
  return (
    <Modal
      open={open}
      title="Subscribe to your calendar"
      onCancel={onClose}
      footer={<Button onClick={onClose}>Close</Button>}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{SUBSCRIBE_TEXT.intro}</Typography.Paragraph>
      {feed.error ? (
        <Alert
          type="error"
          showIcon
          title={errorMessage(feed.error, CALENDAR_ERRORS.feed)}
          action={
            <Button size="small" onClick={() => void feed.refetch()}>
              Retry
            </Button>
          }
        />
      ) : !link ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <Flex vertical gap="middle">
          <Space.Compact style={{ width: '100%' }}>
            <Input
              readOnly
              value={link.url}
              aria-label="Calendar link"
              data-testid="calendar-feed-link"
              onFocus={(e) => e.target.select()}
            />
            <Button icon={<CopyOutlined />} onClick={() => void copy(link.url)}>
              Copy
            </Button>
          </Space.Compact>
          <Space wrap>
            <Button icon={<LinkOutlined />} href={link.webcal_url}>
              Open in calendar app
            </Button>
            <Popconfirm
              title={SUBSCRIBE_TEXT.resetQuestion}
              description={SUBSCRIBE_TEXT.resetWarning}
              okText="Reset link"
              okButtonProps={{ danger: true }}
              cancelText="Cancel"
              onConfirm={() => void reset()}
            >
              <Button icon={<ReloadOutlined />} danger loading={rotating.isLoading}>
                Reset link
              </Button>
            </Popconfirm>
          </Space>
        </Flex>
      )}
    </Modal>
  );
}
