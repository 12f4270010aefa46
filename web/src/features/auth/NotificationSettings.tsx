import { BellOutlined } from '@ant-design/icons';
import type { NotificationFrequency } from '@sixa/contracts/browser';
import { Button, Flex, Modal, Radio, Tooltip, Typography, theme } from 'antd';
import { useState } from 'react';
import { LoadErrorAlert } from '../../shared/LoadErrorAlert';
import { useFeedback } from '../../theme/Feedback';
import { useGetPreferencesQuery, useSetOwnNotificationFrequencyMutation } from './authApi';
import { FREQUENCY_CHOICES } from './notificationFrequencies';

/**
 * The signed-in user's choice of how often they are e-mailed what concerns them (a task assigned to
 * them, a task of theirs overdue, a reminder of an event they attend): a sidebar entry that opens it.
 */
export function NotificationSettings({ collapsed }: { collapsed: boolean }) {
  const [open, setOpen] = useState(false);
  const { token } = theme.useToken();
  return (
    <div style={{ paddingInline: token.paddingSM, flexShrink: 0 }}>
      <Tooltip title={collapsed ? 'Notification e-mails' : undefined} placement="right">
        <Button
          block
          type="text"
          icon={<BellOutlined aria-hidden />}
          // Collapsed, the bell alone: named by the label; open, by the words it shows.
          aria-label={collapsed ? 'Notification e-mails' : undefined}
          onClick={() => setOpen(true)}
        >
          {collapsed ? null : 'Notification e-mails'}
        </Button>
      </Tooltip>
      {open ? <NotificationSettingsModal onClose={() => setOpen(false)} /> : null}
    </div>
  );
}

function NotificationSettingsModal({ onClose }: { onClose: () => void }) {
  const { data, error, isLoading, refetch } = useGetPreferencesQuery(undefined, { refetchOnMountOrArgChange: true });
  const [save, { isLoading: saving }] = useSetOwnNotificationFrequencyMutation();
  const { message } = useFeedback();

  const choose = async (frequency: NotificationFrequency) => {
    try {
      await save(frequency).unwrap();
      message.success(`Notification e-mails: ${FREQUENCY_CHOICES.find((c) => c.value === frequency)?.label}`);
    } catch {
      // Shown by the API error listener.
    }
  };

  return (
    <Modal
      open
      title="Notification e-mails"
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          Done
        </Button>
      }
    >
      <Flex vertical gap="middle">
        <Typography.Text type="secondary">
          How often you are e-mailed about tasks assigned to you, your overdue tasks and reminders of events you attend.
          Digests cover the hour, the day (from midnight UTC) or the week (from Monday).
        </Typography.Text>
        <LoadErrorAlert
          error={error}
          fallback="Your notification choice could not be loaded."
          onRetry={() => void refetch()}
        />
        <Radio.Group
          aria-label="How often"
          value={data?.notification_frequency}
          disabled={isLoading || saving || !data}
          onChange={(event) => void choose(event.target.value as NotificationFrequency)}
        >
          <Flex vertical gap="small">
            {FREQUENCY_CHOICES.map((c) => (
              <Radio key={c.value} value={c.value}>
                {c.label}
                <Typography.Text type="secondary"> — {c.description}</Typography.Text>
              </Radio>
            ))}
          </Flex>
        </Radio.Group>
      </Flex>
    </Modal>
  );
}
