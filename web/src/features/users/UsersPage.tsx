import type { User } from '@sixa/contracts/browser';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Grid } from 'antd';
import { useAppSelector } from '../../shared/hooks';
import { LoadErrorAlert } from '../../shared/LoadErrorAlert';
import { PageHeader } from '../../shared/PageHeader';
import { useFormDialog } from '../../shared/useFormDialog';
import { selectCurrentUser } from '../auth/authSlice';
import { UserFilters } from './UserFilters';
import { UserFormModal } from './UserFormModal';
import { useUserActions } from './useUserActions';
import { useUserFilters } from './useUserFilters';
import { USER_ERRORS, useGetUsersQuery } from './usersApi';
import { UsersTable } from './UsersTable';
import { UserStats } from './UserStats';

const NO_USERS: User[] = [];

/** User Management (admin only; the route guard refuses everyone else). */
export default function UsersPage() {
  const currentUser = useAppSelector(selectCurrentUser);
  const { data: users = NO_USERS, isLoading, isFetching, error, refetch } = useGetUsersQuery();
  const filters = useUserFilters(users);
  const { toggle, confirmDelete, togglingId } = useUserActions();
  const form = useFormDialog<User | null>(null);
  const phone = Grid.useBreakpoint().md === false;

  return (
    <>
      <PageHeader
        title="User Management"
        subtitle="Manage user accounts, roles and access"
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => form.show(null)}>
            Add User
          </Button>
        }
      />
      <Flex vertical gap="large">
        <UserStats users={users} loading={isLoading} />
        <LoadErrorAlert error={error} fallback={USER_ERRORS.load} onRetry={() => void refetch()} />
        <Card size={phone ? 'small' : undefined}>
          <Flex vertical gap="middle">
            <UserFilters
              search={filters.search}
              onSearch={filters.setSearch}
              role={filters.role}
              onRole={filters.setRole}
            />
            <UsersTable
              users={filters.filtered}
              loading={isLoading || (isFetching && users.length === 0)}
              currentUserId={currentUser?.id}
              togglingId={togglingId}
              emptyText={
                error
                  ? 'Users could not be loaded'
                  : filters.isFiltering
                    ? 'No users match your search'
                    : 'No users yet'
              }
              onToggleStatus={toggle}
              onEdit={form.show}
              onDelete={confirmDelete}
            />
          </Flex>
        </Card>
      </Flex>
      <UserFormModal
        open={form.open}
        user={form.target}
        isSelf={form.target !== null && form.target.id === currentUser?.id}
        onClose={form.close}
      />
    </>
  );
}
