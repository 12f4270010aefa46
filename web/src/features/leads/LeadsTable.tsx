import { leadLabel, type Lead } from '@sixa/contracts/browser';
import { EditOutlined, MailOutlined } from '@ant-design/icons';
import { Flex, Space, Table, Tag, Typography, type TableColumnsType, type TableProps } from 'antd';
import { useMemo, useRef } from 'react';
import { RowActions, ROW_ACTIONS_COMPACT_WIDTH, rowActionsTitle } from '../../shared/RowActions';
import { useContainerWidth, widthLevel } from '../../shared/useContainerWidth';
import { capitalized, LEAD_LABEL_TAG_COLOR, LEAD_STATUS_TAG_COLOR } from './leadLabels';
import type { LeadSort } from './leadsApi';
import { LeadScore } from './LeadScore';
import { LEADS_PAGE_SIZE } from './useLeadFilters';

interface LeadsTableProps {
  leads: readonly Lead[];
  total: number;
  page: number;
  sort: LeadSort;
  loading: boolean;
  emptyText: string;
  onPage: (page: number) => void;
  onSort: (sort: LeadSort) => void;
  onEdit: (lead: Lead) => void;
}

type SortableKey = 'name' | 'score';

function sortOrderOf(sort: LeadSort, key: SortableKey) {
  if (sort === key) return 'ascend' as const;
  if (sort === `-${key}`) return 'descend' as const;
  return null;
}

/** Room for 'Edit' and 'Contact' side by side (small buttons with icons, cell padding). */
const ACTIONS_WIDTH = 192;

/**
 * Which columns the table's own width affords (px), keeping the lead at 180 px and the company at
 * 140 px or more: the source goes first, then the company, then the score; below that the actions
 * fold into one menu, leaving the lead, its status and the actions. The table's width, not the
 * window's, decides: the sidebar open or collapsed changes it.
 */
const LEVELS = [
  ['all', 910],
  ['noSource', 800],
  ['noCompany', 660],
  ['inline', 510],
  ['compact', 0],
] as const;
type Level = (typeof LEVELS)[number][0];
const ORDER: Level[] = LEVELS.map(([level]) => level);
const shownUpTo = (level: Level, last: Level) => ORDER.indexOf(level) <= ORDER.indexOf(last);

/**
 * Paged, searched, filtered and sorted by the server; 20 leads a page. Fits its container with no
 * sideways scrolling: a fixed layout where the lead and company columns (cut with an ellipsis) take
 * what the others leave.
 */
export function LeadsTable({ leads, total, page, sort, loading, emptyText, onPage, onSort, onEdit }: LeadsTableProps) {
  const container = useRef<HTMLDivElement>(null);
  const level = widthLevel(useContainerWidth(container), LEVELS);
  const compact = level === 'compact';
  const columns = useMemo<TableColumnsType<Lead>>(
    () => [
      {
        title: 'Lead',
        key: 'name',
        sorter: true,
        sortOrder: sortOrderOf(sort, 'name'),
        render: (_, lead) => (
          <Flex vertical style={{ minWidth: 0 }}>
            <Typography.Text strong ellipsis={{ tooltip: lead.name }}>
              {lead.name}
            </Typography.Text>
            <Typography.Text type="secondary" ellipsis={{ tooltip: lead.email }}>
              {lead.email}
            </Typography.Text>
          </Flex>
        ),
      },
      {
        title: 'Company',
        dataIndex: 'company',
        key: 'company',
        hidden: !shownUpTo(level, 'noSource'),
        ellipsis: { showTitle: true },
      },
      { title: 'Source', dataIndex: 'source', key: 'source', width: 110, hidden: !shownUpTo(level, 'all') },
      {
        title: 'Score',
        key: 'score',
        width: 150,
        hidden: !shownUpTo(level, 'inline'),
        sorter: true,
        sortOrder: sortOrderOf(sort, 'score'),
        render: (_, lead) => <LeadScore lead={lead} />,
      },
      {
        title: 'Status',
        key: 'status',
        width: compact ? 96 : 140,
        render: (_, lead) => {
          const label = leadLabel(lead.score);
          return (
            <Space size={4} wrap>
              <Tag color={LEAD_LABEL_TAG_COLOR[label]}>{label}</Tag>
              <Tag color={LEAD_STATUS_TAG_COLOR[lead.status]} style={capitalized}>
                {lead.status}
              </Tag>
            </Space>
          );
        },
      },
      {
        title: rowActionsTitle(compact),
        key: 'actions',
        width: compact ? ROW_ACTIONS_COMPACT_WIDTH : ACTIONS_WIDTH,
        render: (_, lead) => (
          <RowActions
            compact={compact}
            subject={lead.name}
            actions={[
              {
                key: 'edit',
                route: 'PUT /leads/:id',
                label: 'Edit',
                icon: <EditOutlined />,
                onClick: () => onEdit(lead),
              },
              { key: 'contact', label: 'Contact', icon: <MailOutlined />, href: `mailto:${lead.email}` },
            ]}
          />
        ),
      },
    ],
    [level, compact, sort, onEdit],
  );

  const onChange: TableProps<Lead>['onChange'] = (pagination, _filters, sorter, { action }) => {
    if (action === 'paginate') {
      onPage(pagination.current ?? 1);
      return;
    }
    if (action === 'sort') {
      const one = Array.isArray(sorter) ? sorter[0] : sorter;
      const key = one?.columnKey as SortableKey | undefined;
      if (!one?.order || !key) onSort('-created_at');
      else onSort(one.order === 'ascend' ? key : `-${key}`);
    }
  };

  return (
    <div ref={container}>
      <Table<Lead>
        rowKey="id"
        columns={columns}
        dataSource={leads as Lead[]}
        loading={loading}
        locale={{ emptyText }}
        onChange={onChange}
        pagination={{
          current: page,
          pageSize: LEADS_PAGE_SIZE,
          total,
          showSizeChanger: false,
          hideOnSinglePage: true,
          showTotal: (count) => `${count} leads`,
        }}
        tableLayout="fixed"
      />
    </div>
  );
}
