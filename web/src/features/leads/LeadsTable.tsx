import type { Lead } from '@sixa/contracts';
import { leadLabel } from '@sixa/contracts/src/crm';
import { EditOutlined, MailOutlined } from '@ant-design/icons';
import { Button, Flex, Space, Table, Tag, Typography, type TableColumnsType, type TableProps } from 'antd';
import { useMemo } from 'react';
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

/** Paged, searched, filtered and sorted by the server; 20 leads a page. */
export function LeadsTable({ leads, total, page, sort, loading, emptyText, onPage, onSort, onEdit }: LeadsTableProps) {
  const columns = useMemo<TableColumnsType<Lead>>(
    () => [
      {
        title: 'Lead',
        key: 'name',
        sorter: true,
        sortOrder: sortOrderOf(sort, 'name'),
        render: (_, lead) => (
          <Flex vertical>
            <Typography.Text strong>{lead.name}</Typography.Text>
            <Typography.Text type="secondary">{lead.email}</Typography.Text>
          </Flex>
        ),
      },
      { title: 'Company', dataIndex: 'company', key: 'company' },
      { title: 'Source', dataIndex: 'source', key: 'source' },
      {
        title: 'Score',
        key: 'score',
        sorter: true,
        sortOrder: sortOrderOf(sort, 'score'),
        render: (_, lead) => <LeadScore lead={lead} />,
      },
      {
        title: 'Status',
        key: 'status',
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
        title: 'Actions',
        key: 'actions',
        render: (_, lead) => (
          <Space size="small" wrap>
            <Button size="small" icon={<EditOutlined />} onClick={() => onEdit(lead)}>
              Edit
            </Button>
            <Button size="small" icon={<MailOutlined />} href={`mailto:${lead.email}`}>
              Contact
            </Button>
          </Space>
        ),
      },
    ],
    [sort, onEdit],
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
      scroll={{ x: 'max-content' }}
    />
  );
}
