import { Avatar, theme } from 'antd';

interface UserAvatarProps {
  name: string;
  src?: string | null;
  size?: number | 'small' | 'default' | 'large';
}

/** The user's picture, or the first initial of their name on the primary colour. */
export function UserAvatar({ name, src, size = 'default' }: UserAvatarProps) {
  const { token } = theme.useToken();
  const initial = name.trim().charAt(0).toUpperCase() || '?';
  return (
    <Avatar
      size={size}
      src={src || undefined}
      alt={src ? name : undefined}
      aria-hidden={src ? undefined : true}
      style={{ background: token.colorPrimary, color: token.colorTextLightSolid, flexShrink: 0 }}
    >
      {initial}
    </Avatar>
  );
}
