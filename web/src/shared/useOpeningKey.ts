import { useState } from 'react';

interface Openings {
  open: boolean;
  /** How many times the dialog has opened. */
  count: number;
  /** The record it opened on ('' for a new one); kept while it closes. */
  record: string;
}

/**
 * A key for one opening of a dialog on one record: it changes each time the dialog opens, and when
 * it is switched to another record while open, and stays the same while it closes (so its closing
 * animation still shows what it showed). Whatever is keyed by it starts anew for every opening.
 */
export function useOpeningKey(open: boolean, record: string): string {
  const [seen, setSeen] = useState<Openings>(() => ({ open, count: open ? 1 : 0, record }));
  let current = seen;
  if (open !== seen.open || (open && record !== seen.record)) {
    current = {
      open,
      count: open && !seen.open ? seen.count + 1 : seen.count,
      record: open ? record : seen.record,
    };
    // Adjusting state while rendering (React's pattern for state derived from props): no extra pass with a stale key.
    setSeen(current);
  }
  return `${current.record}#${current.count}`;
}
