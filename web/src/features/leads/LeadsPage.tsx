import type { Lead } from '@sixa/contracts/browser';
import { DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Flex, Space } from 'antd';
import { lazy, useCallback, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { useAppSelector } from '../../shared/hooks';
import { AccessButton } from '../../shared/access';
import { LoadErrorAlert } from '../../shared/LoadErrorAlert';
import { OpenedOnce } from '../../shared/OpenedOnce';
import { PageHeader } from '../../shared/PageHeader';
import { Panel } from '../../shared/Panel';
import { useFormDialog } from '../../shared/useFormDialog';
import { selectCurrentUser } from '../auth/authSlice';
import { LeadFilters } from './LeadFilters';
import { LEAD_ERRORS, useGetLeadsQuery, useGetLeadStatsQuery } from './leadsApi';
import { LeadStats } from './LeadStats';
import { LeadsTable } from './LeadsTable';
import { DEFAULT_LEAD_SORT, LEADS_PAGE_SIZE, useLeadFilters } from './useLeadFilters';
import { useLeadsCsv } from './useLeadsCsv';

const NO_LEADS: Lead[] = [];

/** The dialogs (and the form machinery they use) are fetched when first opened. */
const loadLeadFormModal = () => import('./LeadFormModal');
const LeadFormModal = lazy(() => loadLeadFormModal().then((m) => ({ default: m.LeadFormModal })));
const ImportResultModal = lazy(() => import('./ImportResultModal').then((m) => ({ default: m.ImportResultModal })));
const preloadLeadFormModal = () => void loadLeadFormModal().catch(() => undefined);

/**
 * The first page of the default view, with the lead just created on top (spec: "placed first in
 * the list"), also before the reloaded page arrives and whatever the server's order.
 */
function withCreatedFirst(leads: Lead[], created: Lead | null): Lead[] {
  if (!created) return leads;
  const fetched = leads.find((lead) => lead.id === created.id);
  return [fetched ?? created, ...leads.filter((lead) => lead.id !== created.id)].slice(0, LEADS_PAGE_SIZE);
}

/** Lead Generation: scored leads, searched, filtered, sorted and paged by the server. */
export default function LeadsPage() {
  const isAdmin = useAppSelector(selectCurrentUser)?.role === 'admin';
  const filters = useLeadFilters();
  const { data, isLoading, isFetching, error, refetch } = useGetLeadsQuery(filters.args);
  const { data: stats, isLoading: statsLoading } = useGetLeadStatsQuery();
  const csv = useLeadsCsv();
  const fileInput = useRef<HTMLInputElement>(null);
  const form = useFormDialog<Lead | null>(null);
  const [created, setCreated] = useState<Lead | null>(null);

  const { query, isFiltering, reset } = filters;
  const isDefaultView = query.page === 1 && !isFiltering && query.sort === DEFAULT_LEAD_SORT;
  const leads = useMemo(
    () => withCreatedFirst(data?.items ?? NO_LEADS, isDefaultView ? created : null),
    [data, created, isDefaultView],
  );

  const onCreated = useCallback(
    (lead: Lead) => {
      reset();
      setCreated(lead);
    },
    [reset],
  );

  const onFilePicked = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) void csv.importCsv(file);
  };

  return (
    <>
      <PageHeader
        title="Lead Generation"
        subtitle="AI-scored leads: who to contact first, and why"
        extra={
          <Space wrap>
            <Button icon={<DownloadOutlined />} loading={csv.exporting} onClick={() => void csv.exportCsv()}>
              Export CSV
            </Button>
            <AccessButton
              route="POST /leads/import"
              icon={<UploadOutlined />}
              loading={csv.importing}
              onClick={() => fileInput.current?.click()}
            >
              Import CSV
            </AccessButton>
            <input
              ref={fileInput}
              type="file"
              accept=".csv,text/csv"
              aria-label="CSV file to import"
              hidden
              onChange={onFilePicked}
            />
            <AccessButton
              route="POST /leads"
              type="primary"
              icon={<PlusOutlined />}
              onPointerEnter={preloadLeadFormModal}
              onFocus={preloadLeadFormModal}
              onClick={() => form.show(null)}
            >
              Add Lead
            </AccessButton>
          </Space>
        }
      />
      <Flex vertical gap="large">
        <LeadStats stats={stats} loading={statsLoading} />
        <LoadErrorAlert error={error} fallback={LEAD_ERRORS.load} onRetry={() => void refetch()} />
        <Panel>
          <Flex vertical gap="middle">
            <LeadFilters
              search={filters.search}
              onSearch={filters.setSearch}
              label={query.label}
              status={query.status}
              source={query.source}
              onRefine={filters.refine}
            />
            <LeadsTable
              leads={leads}
              total={Math.max(data?.total ?? 0, leads.length)}
              page={query.page}
              sort={query.sort}
              loading={isLoading || isFetching}
              emptyText={
                error ? 'Leads could not be loaded' : isFiltering ? 'No leads match your filters' : 'No leads yet'
              }
              onPage={filters.setPage}
              onSort={(sort) => filters.refine({ sort })}
              onEdit={form.show}
            />
          </Flex>
        </Panel>
      </Flex>
      <OpenedOnce open={form.open}>
        <LeadFormModal
          open={form.open}
          lead={form.target}
          isAdmin={isAdmin}
          onClose={form.close}
          onCreated={onCreated}
        />
      </OpenedOnce>
      <OpenedOnce open={csv.outcome !== null}>
        <ImportResultModal outcome={csv.outcome} onClose={csv.closeOutcome} />
      </OpenedOnce>
    </>
  );
}
