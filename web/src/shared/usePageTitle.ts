import { useEffect } from 'react';
import { PRODUCT_NAME } from './brand';

/** Names the browser tab after the screen. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · ${PRODUCT_NAME}`;
  }, [title]);
}
