import { ConfigProvider } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { useAppSelector } from '../shared/hooks';
import { NotifierBridge } from '../shared/ErrorNotices';
import { Feedback } from './Feedback';
import { selectThemeMode } from './themeSlice';
import { themeConfig } from './accessibleTheme';
import { shellSizes } from './tokens';

/**
 * antd's short confirmations ('Alert resolved') appear below the header, never over the user's name
 * and Logout, one at a time (the newest) so that they never pile up over the screen.
 */
const MESSAGE_CONFIG = { top: shellSizes.headerHeight + 8, maxCount: 1 };

/**
 * antd's theme (the current mode's algorithm over the one token object, with text colours that read
 * at WCAG AA: see accessibleTheme) and `App.useApp()`'s
 * message, notification and modal (see Feedback) around the screens built with antd: the workspace
 * and the customer's quote page. Those load it with their code, so that the login page, which does
 * not use antd, does not carry it (the mode itself and the `dark` class are ColorScheme's).
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const mode = useAppSelector(selectThemeMode);
  const config = useMemo(() => themeConfig(mode), [mode]);

  return (
    <ConfigProvider theme={config}>
      <Feedback messageConfig={MESSAGE_CONFIG}>
        <NotifierBridge />
        {children}
      </Feedback>
    </ConfigProvider>
  );
}
