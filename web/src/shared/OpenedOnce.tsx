import { Suspense, useState, type ReactNode } from 'react';

/**
 * Renders `children` (a dialog loaded with React.lazy) from the first time `open` is true on, and
 * keeps it for its closing animation: a screen fetches a dialog's code only once someone opens it.
 */
export function OpenedOnce({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
