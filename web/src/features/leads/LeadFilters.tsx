import { LEAD_SOURCES, LEAD_STATUSES, type LeadLabel, type LeadSource, type LeadStatus } from '@sixa/contracts/browser';
import { SearchOutlined } from '@ant-design/icons';
import { Flex, Input, Select } from 'antd';
import { LEAD_LABELS } from './leadLabels';
import type { LeadSort } from './leadsApi';
import type { Choice } from './useLeadFilters';

const LABEL_OPTIONS = [{ value: 'all', label: 'All Labels' }, ...LEAD_LABELS.map((label) => ({ value: label, label }))];
const STATUS_OPTIONS = [
  { value: 'all', label: 'All Statuses' },
  ...LEAD_STATUSES.map((status) => ({ value: status, label: status[0].toUpperCase() + status.slice(1) })),
];
const SOURCE_OPTIONS = [
  { value: 'all', label: 'All Sources' },
  ...LEAD_SOURCES.map((source) => ({ value: source, label: source })),
];

interface LeadFiltersProps {
  search: string;
  onSearch: (value: string) => void;
  label: Choice<LeadLabel>;
  status: Choice<LeadStatus>;
  source: Choice<LeadSource>;
  onRefine: (change: {
    label?: Choice<LeadLabel>;
    status?: Choice<LeadStatus>;
    source?: Choice<LeadSource>;
    sort?: LeadSort;
  }) => void;
}

/**
 * Accessible names avoid the Add Lead field labels ('Name', 'Source', ...), so that a label query
 * for a form field never also finds a filter.
 */
export function LeadFilters({ search, onSearch, label, status, source, onRefine }: LeadFiltersProps) {
  return (
    <Flex gap="middle" wrap>
      <Input
        allowClear
        type="search"
        aria-label="Search leads"
        placeholder="Search by name, email or company..."
        prefix={<SearchOutlined />}
        value={search}
        onChange={(event) => onSearch(event.target.value)}
        style={{ flex: '1 1 280px', maxWidth: 420 }}
      />
      <Select<Choice<LeadLabel>>
        aria-label="Filter by label"
        value={label}
        onChange={(value) => onRefine({ label: value })}
        options={LABEL_OPTIONS}
        style={{ width: 150 }}
      />
      <Select<Choice<LeadStatus>>
        aria-label="Filter by lifecycle stage"
        value={status}
        onChange={(value) => onRefine({ status: value })}
        options={STATUS_OPTIONS}
        style={{ width: 160 }}
      />
      <Select<Choice<LeadSource>>
        aria-label="Filter by channel"
        value={source}
        onChange={(value) => onRefine({ source: value })}
        options={SOURCE_OPTIONS}
        style={{ width: 160 }}
      />
    </Flex>
  );
}
