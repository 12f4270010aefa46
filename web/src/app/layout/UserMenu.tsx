import type { User } from '@sixa/contracts/browser';
import { LogoutOutlined } from '@ant-design/icons';
import { Button, Dropdown, Flex, Typography, type MenuProps } from 'antd';
import { UserAvatar } from '../../shared/UserAvatar';

interface UserMenuProps {
  user: User;
  onLogout: () => void;
}

/** Phones: the user's initial opens a menu with who is signed in and Logout. */
export function UserMenu({ user, onLogout }: UserMenuProps) {
  const items: MenuProps['items'] = [
    {
      key: 'who',
      disabled: true,
      label: (
        <Flex vertical style={{ maxWidth: '70vw' }}>
          <Typography.Text strong ellipsis>
            {user.name}
          </Typography.Text>
          <Typography.Text type="secondary" ellipsis>
            {user.email}
          </Typography.Text>
        </Flex>
      ),
    },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: 'Logout', onClick: onLogout },
  ];
  return (
    <Dropdown menu={{ items }} trigger={['click']} placement="bottomRight">
      <Button
        type="text"
        shape="circle"
        aria-label={`Account menu of ${user.name}`}
        icon={<UserAvatar name={user.name} src={user.avatar} size="small" />}
      />
    </Dropdown>
  );
}
