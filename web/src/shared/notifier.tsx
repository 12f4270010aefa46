import { App } from 'antd';
import { useEffect } from 'react';

/**
 * Lets code outside React (the API error listener) raise antd notifications that follow the
 * current theme. The bridge registers the themed instance from <App>.
 */
type NotificationInstance = ReturnType<typeof App.useApp>['notification'];

let current: NotificationInstance | null = null;

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
  if (current) {
    current.error({ title: text, role: 'alert', placement: 'topRight', duration: 6 });
  } else {
    console.error(text);
  }
}
