import { App as AntApp, ConfigProvider, theme } from 'antd';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useAppSelector } from '../app/hooks';
import { NotifierBridge } from '../shared/notifier';
import { selectThemeMode } from './themeSlice';
import { brandTokens } from './tokens';

/**
 * antd theme for the whole client, plus the `dark` class on <html> that the spec asks for (so that
 * anything outside antd can follow the mode too).
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const mode = useAppSelector(selectThemeMode);

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
      <AntApp>
        <NotifierBridge />
        {children}
      </AntApp>
    </ConfigProvider>
  );
}
