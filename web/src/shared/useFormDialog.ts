import { useCallback, useState } from 'react';

export interface FormDialog<T> {
  open: boolean;
  /** What the dialog was last opened on (a record to edit, or what a new one starts from); kept while it closes. */
  target: T;
  show: (target: T) => void;
  close: () => void;
}

/**
 * A screen's create/edit dialog: which record it is open on, kept while the dialog animates out (the
 * title and the values do not flip to another record's as it closes). The form itself is made anew
 * for each opening by FormModal.
 */
export function useFormDialog<T>(closed: T): FormDialog<T> {
  const [state, setState] = useState<{ open: boolean; target: T }>({ open: false, target: closed });
  const show = useCallback((target: T) => setState({ open: true, target }), []);
  const close = useCallback(() => setState((current) => ({ ...current, open: false })), []);
  return { open: state.open, target: state.target, show, close };
}
