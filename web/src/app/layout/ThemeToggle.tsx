import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { Button, Tooltip, theme } from 'antd';
import { selectThemeMode, themeToggled } from '../../theme/themeSlice';
import { useAppDispatch, useAppSelector } from '../../shared/hooks';

/** Light/dark switch at the foot of the sidebar. */
export function ThemeToggle({ collapsed }: { collapsed: boolean }) {
  const mode = useAppSelector(selectThemeMode);
  const dispatch = useAppDispatch();
  const { token } = theme.useToken();
  const label = mode === 'dark' ? 'Switch to light mode' : 'Switch to dark mode';
  const text = mode === 'dark' ? 'Light mode' : 'Dark mode';

  return (
    <div style={{ padding: token.paddingSM, flexShrink: 0 }}>
      <Tooltip title={collapsed ? label : undefined} placement="right">
        <Button
          block
          type="text"
          icon={mode === 'dark' ? <SunOutlined /> : <MoonOutlined />}
          aria-label={label}
          aria-pressed={mode === 'dark'}
          onClick={() => dispatch(themeToggled())}
        >
          {collapsed ? null : text}
        </Button>
      </Tooltip>
    </div>
  );
}
