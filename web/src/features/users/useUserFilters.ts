import type { Role, User } from '@sixa/contracts/browser';
import { useMemo, useState } from 'react';

export type RoleFilter = Role | 'all';

/** Search by name or email, and filter by role. */
export function useUserFilters(users: readonly User[]) {
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<RoleFilter>('all');

  const filtered = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return users.filter(
      (user) =>
        (role === 'all' || user.role === role) &&
        (!needle || user.name.toLowerCase().includes(needle) || user.email.toLowerCase().includes(needle)),
    );
  }, [users, search, role]);

  return { search, setSearch, role, setRole, filtered, isFiltering: Boolean(search.trim()) || role !== 'all' };
}
