/**
 * Errors reach the user in one place. Inside the workspace they show in the notice area under the
 * header (ErrorNotices, see MainLayout): part of the page's flow, so they never cover the header's
 * name and Logout or the screen's content and controls. Elsewhere (no notice area mounted) antd's
 * notification shows them, following the current theme (NotifierBridge). No antd here: the store's
 * error listener uses this on every page, the login page included.
 */
export interface Notice {
  id: number;
  text: string;
}

/** Shows an error as a pop-up notification (antd's, in the current theme). */
export type PopupNotifier = (text: string) => void;

/** How long an error stays unless closed, and how many show at once (the newest). */
export const NOTICE_MS = 8_000;
const MAX_NOTICES = 3;

let popup: PopupNotifier | null = null;
let notices: Notice[] = [];
let nextId = 0;
let areas = 0;
const subscribers = new Set<() => void>();

function publish(next: Notice[]) {
  notices = next;
  for (const notify of subscribers) notify();
}

export function dismissNotice(id: number): void {
  if (notices.some((notice) => notice.id === id)) publish(notices.filter((notice) => notice.id !== id));
}

export function showErrorAlert(text: string): void {
  if (areas > 0) {
    nextId += 1;
    const id = nextId;
    // The same failure again replaces the earlier notice rather than stacking up.
    publish([...notices.filter((notice) => notice.text !== text), { id, text }].slice(-MAX_NOTICES));
    setTimeout(() => dismissNotice(id), NOTICE_MS);
  } else if (popup) {
    popup(text);
  } else {
    console.error(text);
  }
}

/** The pop-up for errors outside the workspace; returns the way to unregister it. */
export function registerPopupNotifier(show: PopupNotifier): () => void {
  popup = show;
  return () => {
    if (popup === show) popup = null;
  };
}

/** A notice area mounted: errors go there until it unmounts (returns that). */
export function registerNoticeArea(): () => void {
  areas += 1;
  return () => {
    areas -= 1;
    if (areas === 0) publish([]);
  };
}

export const subscribeToNotices = (notify: () => void) => {
  subscribers.add(notify);
  return () => {
    subscribers.delete(notify);
  };
};
export const currentNotices = () => notices;
