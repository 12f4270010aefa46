import { useEffect, useLayoutEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../shared/hooks';
import { DARK_SCHEME_QUERY, selectThemeMode, systemSchemeChanged } from './themeSlice';

/**
 * The `dark` class on <html> that the spec asks for, and the page's color-scheme, from the current
 * mode; follows the operating system's setting live while the user has not chosen. Apart from antd
 * (see ThemeProvider): the screens shown before antd loads take their colours from it too.
 */
export function ColorScheme() {
  const mode = useAppSelector(selectThemeMode);
  const dispatch = useAppDispatch();

  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(DARK_SCHEME_QUERY);
    const follow = (event: MediaQueryListEvent) => dispatch(systemSchemeChanged(event.matches));
    dispatch(systemSchemeChanged(query.matches));
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, [dispatch]);

  // Before the browser paints: no light frame before a dark one.
  useLayoutEffect(() => {
    document.documentElement.classList.toggle('dark', mode === 'dark');
    document.documentElement.style.colorScheme = mode;
  }, [mode]);

  return null;
}
