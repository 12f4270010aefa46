import { Alert, App, Flex, theme } from 'antd';
import { useEffect, useSyncExternalStore } from 'react';

/**
 * Errors reach the user in one place. Inside the workspace they show in the notice area under the
 * header (see MainLayout): part of the page's flow, so they never cover the header's name and Logout
 * or the screen's content and controls. Elsewhere (no notice area mounted) antd's notification shows
 * them, following the current theme through the bridge below.
 */
type NotificationInstance = ReturnType<typeof App.useApp>['notification'];

interface Notice {
  id: number;
  text: string;
}

/** How long an error stays unless closed, and how many show at once (the newest). */
export const NOTICE_MS = 8_000;
const MAX_NOTICES = 3;

let current: NotificationInstance | null = null;
let notices: Notice[] = [];
let nextId = 0;
let areas = 0;
const subscribers = new Set<() => void>();

function publish(next: Notice[]) {
  notices = next;
  for (const notify of subscribers) notify();
}

function dismiss(id: number) {
  if (notices.some((notice) => notice.id === id)) publish(notices.filter((notice) => notice.id !== id));
}

export function NotifierBridge() {
  const { notification } = App.useApp();
  useEffect(() => {
    current = notification;
    return () => {
      if (current === notification) current = null;
    };
  }, [notification]);
  return null;
}

export function showErrorAlert(text: string): void {
  if (areas > 0) {
    nextId += 1;
    const id = nextId;
    // The same failure again replaces the earlier notice rather than stacking up.
    publish([...notices.filter((notice) => notice.text !== text), { id, text }].slice(-MAX_NOTICES));
    setTimeout(() => dismiss(id), NOTICE_MS);
  } else if (current) {
    current.error({ title: text, role: 'alert', placement: 'bottomLeft', duration: NOTICE_MS / 1000 });
  } else {
    console.error(text);
  }
}

const subscribe = (notify: () => void) => {
  subscribers.add(notify);
  return () => subscribers.delete(notify);
};
const snapshot = () => notices;

/** The notice area of the workspace: the current errors, newest last, each closable. */
export function ErrorNotices() {
  const shown = useSyncExternalStore(subscribe, snapshot);
  const { token } = theme.useToken();

  useEffect(() => {
    areas += 1;
    return () => {
      areas -= 1;
      if (areas === 0) publish([]);
    };
  }, []);

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
          closable={{ 'aria-label': 'Dismiss', onClose: () => dismiss(notice.id) }}
        />
      ))}
    </Flex>
  );
}
