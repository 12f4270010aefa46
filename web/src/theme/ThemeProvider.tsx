import { App as AntApp, ConfigProvider, theme } from 'antd';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { NotifierBridge } from '../shared/notifier';
import { DARK_SCHEME_QUERY, selectThemeMode, systemSchemeChanged } from './themeSlice';
import { brandTokens, shellSizes } from './tokens';

/**
 * antd's short confirmations ('Alert resolved') appear below the header, never over the user's name
 * and Logout, one at a time (the newest) so that they never pile up over the screen.
 */
const MESSAGE_CONFIG = { top: shellSizes.headerHeight + 8, maxCount: 1 };

/**
 * antd theme for the whole client, plus the `dark` class on <html> that the spec asks for (so that
 * anything outside antd can follow the mode too). Follows the operating system's setting live
 * while the user has not chosen.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
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

  useEffect(() => {
    document.documentElement.classList.toggle('dark', mode === 'dark');
    document.documentElement.style.colorScheme = mode;
  }, [mode]);

  const config = useMemo(
    () => ({
      algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
      token: brandTokens,
    }),
    [mode],
  );

  return (
    <ConfigProvider theme={config}>
      <AntApp message={MESSAGE_CONFIG}>
        <NotifierBridge />
        {children}
      </AntApp>
    </ConfigProvider>
  );
}
