import { SearchOutlined } from '@ant-design/icons';
import { Flex, Input, Select } from 'antd';
import { ROLES } from '@sixa/contracts/browser';
import type { RoleFilter } from './useUserFilters';
import { ROLE_LABELS } from './userLabels';

const ROLE_FILTER_OPTIONS = [
  { value: 'all', label: 'All Roles' },
  ...ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] })),
];

interface UserFiltersProps {
  search: string;
  onSearch: (value: string) => void;
  role: RoleFilter;
  onRole: (value: RoleFilter) => void;
}

export function UserFilters({ search, onSearch, role, onRole }: UserFiltersProps) {
  return (
    <Flex gap="middle" wrap>
      <Input
        allowClear
        type="search"
        aria-label="Search users"
        placeholder="Search by name or email..."
        prefix={<SearchOutlined />}
        value={search}
        onChange={(event) => onSearch(event.target.value)}
        style={{ flex: '1 1 280px', maxWidth: 420 }}
      />
      <Select<RoleFilter>
        aria-label="Access level filter"
        value={role}
        onChange={onRole}
        options={ROLE_FILTER_OPTIONS}
        style={{ width: 180 }}
      />
    </Flex>
  );
}
