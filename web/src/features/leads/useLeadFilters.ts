import type { LeadLabel, LeadSource, LeadStatus } from '@sixa/contracts/browser';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLinkQuery, useOnLinkValue } from '../../shared/useLinkQuery';
import { LEAD_LABELS } from './leadLabels';
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

const LINK_KEYS = ['label', 'q'] as const;

const isLeadLabel = (value: string): value is LeadLabel => (LEAD_LABELS as readonly string[]).includes(value);

/**
 * The server-side query of the Leads table: search (debounced), label, status and source filters,
 * sort and page. A new search, filter or sort starts again at the first page.
 *
 * A link's `?label=Hot` or `?q=<text>` is the starting filter (also when it changes on the page);
 * changing that filter on the page takes it out of the address.
 */
export function useLeadFilters() {
  const link = useLinkQuery(LINK_KEYS);
  const linkLabel = link.values.label;
  const linkQ = link.values.q;
  const [search, setTypedSearch] = useState(() => linkQ?.trim() ?? '');
  const [query, setQuery] = useState<LeadQuery>(() => ({
    ...INITIAL,
    q: linkQ?.trim() ?? '',
    label: linkLabel && isLeadLabel(linkLabel) ? linkLabel : 'all',
  }));
  const { clear } = link;

  useOnLinkValue(linkLabel, (label) => {
    if (isLeadLabel(label)) setQuery((current) => (current.label === label ? current : { ...current, label, page: 1 }));
  });
  useOnLinkValue(linkQ, (value) => {
    const q = value.trim();
    setTypedSearch(q);
    setQuery((current) => (current.q === q ? current : { ...current, q, page: 1 }));
  });

  const setSearch = useCallback(
    (value: string) => {
      setTypedSearch(value);
      clear('q');
    },
    [clear],
  );

  const refine = useCallback(
    (change: Partial<Omit<LeadQuery, 'page'>>) => {
      setQuery((current) => ({ ...current, ...change, page: 1 }));
      if (change.label !== undefined) clear('label');
    },
    [clear],
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
    setTypedSearch('');
    setQuery(INITIAL);
    clear(...LINK_KEYS);
  }, [clear]);

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
