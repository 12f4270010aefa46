import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * The query of the link that opened the page (the dashboard's 'Take Action', the assistant's
 * answers): `values` holds each of `keys` (null when absent), `clear` takes keys out of the address
 * without a new history entry (a filter removed in the page is removed from its link too).
 */
export function useLinkQuery<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(keys.map((key) => [key, params.get(key)])) as Record<K, string | null>;

  const clear = useCallback(
    (...remove: K[]) => {
      // Nothing to take out: no navigation at all.
      if (!remove.some((key) => params.has(key))) return;
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          remove.forEach((key) => next.delete(key));
          return next;
        },
        { replace: true },
      );
    },
    [params, setParams],
  );

  return { values, clear };
}

/**
 * Calls `apply` with a link's value on arrival and whenever the address brings a different one
 * (not when it is removed: the page keeps what the user has since chosen).
 */
export function useOnLinkValue(value: string | null, apply: (value: string) => void) {
  const applyRef = useRef(apply);
  applyRef.current = apply;
  useEffect(() => {
    if (value !== null) applyRef.current(value);
  }, [value]);
}
