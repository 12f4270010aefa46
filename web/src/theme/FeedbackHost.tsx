import { message, Modal, notification } from 'antd';
import { useEffect } from 'react';
import type { FeedbackApi, MessageConfig } from './Feedback';

interface FeedbackHostProps {
  messageConfig: MessageConfig;
  onReady: (api: FeedbackApi) => void;
}

/**
 * antd's message, notification and modal, inside the theme: loaded on the first call to one of
 * them (see Feedback), and kept for the rest of the visit.
 */
export default function FeedbackHost({ messageConfig, onReady }: FeedbackHostProps) {
  const [messageApi, messageHolder] = message.useMessage(messageConfig);
  const [notificationApi, notificationHolder] = notification.useNotification();
  const [modalApi, modalHolder] = Modal.useModal();

  useEffect(() => {
    onReady({ message: messageApi, notification: notificationApi, modal: modalApi });
  }, [onReady, messageApi, notificationApi, modalApi]);

  return (
    <>
      {modalHolder}
      {messageHolder}
      {notificationHolder}
    </>
  );
}
