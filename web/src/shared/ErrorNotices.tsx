import { Alert, Flex, theme } from 'antd';
import { useEffect, useSyncExternalStore } from 'react';
import { useFeedback } from '../theme/Feedback';
import {
  currentNotices,
  dismissNotice,
  NOTICE_MS,
  registerNoticeArea,
  registerPopupNotifier,
  subscribeToNotices,
} from './notifier';

/** Hands antd's notification (inside the theme) to the notifier, for errors outside the workspace. */
export function NotifierBridge() {
  const { notification } = useFeedback();
  useEffect(
    () =>
      registerPopupNotifier((text) =>
        notification.error({ title: text, role: 'alert', placement: 'bottomLeft', duration: NOTICE_MS / 1000 }),
      ),
    [notification],
  );
  return null;
}

/** The notice area of the workspace: the current errors, newest last, each closable. */
export function ErrorNotices() {
  const shown = useSyncExternalStore(subscribeToNotices, currentNotices);
  const { token } = theme.useToken();

  useEffect(() => registerNoticeArea(), []);

  if (shown.length === 0) return null;
  return (
    <Flex
      vertical
      gap={token.marginXS}
      aria-label="Notices"
      role="region"
      style={{
        padding: `${token.paddingXS}px ${token.padding}px`,
        background: token.colorBgLayout,
        borderBottom: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
      }}
    >
      {shown.map((notice) => (
        <Alert
          key={notice.id}
          type="error"
          showIcon
          role="alert"
          title={notice.text}
          closable={{ 'aria-label': 'Dismiss', onClose: () => dismissNotice(notice.id) }}
        />
      ))}
    </Flex>
  );
}
