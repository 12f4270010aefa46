import type { LeadLabel, LeadSource, LeadStatus } from '@sixa/contracts';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { LeadListArgs, LeadSort } from './leadsApi';

export const LEADS_PAGE_SIZE = 20;
export const DEFAULT_LEAD_SORT: LeadSort = '-created_at';
/** Typing pauses this long before the server is asked again. */
export const SEARCH_DEBOUNCE_MS = 300;

export type Choice<T> = T | 'all';

interface LeadQuery {
  q: string;
  label: Choice<LeadLabel>;
  status: Choice<LeadStatus>;
  source: Choice<LeadSource>;
  sort: LeadSort;
  page: number;
}

const INITIAL: LeadQuery = { q: '', label: 'all', status: 'all', source: 'all', sort: DEFAULT_LEAD_SORT, page: 1 };

/**
 * The server-side query of the Leads table: search (debounced), label, status and source filters,
 * sort and page. A new search, filter or sort starts again at the first page.
 */
export function useLeadFilters() {
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState<LeadQuery>(INITIAL);

  const refine = useCallback(
    (change: Partial<Omit<LeadQuery, 'page'>>) => setQuery((current) => ({ ...current, ...change, page: 1 })),
    [],
  );
  const setPage = useCallback((page: number) => setQuery((current) => ({ ...current, page })), []);

  useEffect(() => {
    const timer = setTimeout(
      () => setQuery((current) => (current.q === search.trim() ? current : { ...current, q: search.trim(), page: 1 })),
      SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [search]);

  /** Back to every lead, newest first (where a lead just created is listed). */
  const reset = useCallback(() => {
    setSearch('');
    setQuery(INITIAL);
  }, []);

  const args = useMemo<LeadListArgs>(
    () => ({
      limit: LEADS_PAGE_SIZE,
      offset: (query.page - 1) * LEADS_PAGE_SIZE,
      q: query.q || undefined,
      label: query.label === 'all' ? undefined : query.label,
      status: query.status === 'all' ? undefined : query.status,
      source: query.source === 'all' ? undefined : query.source,
      sort: query.sort,
    }),
    [query],
  );

  return {
    args,
    query,
    search,
    setSearch,
    refine,
    setPage,
    reset,
    isFiltering: Boolean(query.q) || query.label !== 'all' || query.status !== 'all' || query.source !== 'all',
  };
}
