import { Avatar, theme } from 'antd';
import { avatarColor, initialsOf } from './teamLabels';

interface MemberAvatarProps {
  name: string;
  src: string | null;
  size?: number;
}

/**
 * The member's picture, or (spec) an avatar generated from their initials: also when the picture
 * cannot be loaded, since antd shows the children then.
 */
export function MemberAvatar({ name, src, size = 48 }: MemberAvatarProps) {
  const { token } = theme.useToken();
  return (
    <Avatar
      size={size}
      src={src || undefined}
      alt={src ? name : undefined}
      aria-hidden
      style={{
        background: avatarColor(name, token),
        color: token.colorTextLightSolid,
        fontWeight: token.fontWeightStrong,
        flexShrink: 0,
      }}
    >
      {initialsOf(name)}
    </Avatar>
  );
}
