import type { ProbeResult } from '@sixa/contracts/browser';
import { Card, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { formatMs } from './monitoringLabels';

const columns: TableColumnsType<ProbeResult> = [
  { title: 'Target', dataIndex: 'target', key: 'target', width: '30%', ellipsis: { showTitle: true } },
  {
    title: 'State',
    key: 'ok',
    render: (_, probe) =>
      probe.ok ? (
        <Tag color="success">Up</Tag>
      ) : (
        <Typography.Text style={{ overflowWrap: 'anywhere' }}>
          <Tag color="error">Down</Tag>
          {probe.error ? <Typography.Text type="secondary">{probe.error}</Typography.Text> : null}
        </Typography.Text>
      ),
  },
  {
    title: 'Latency',
    key: 'latency',
    align: 'right',
    width: 110,
    render: (_, probe) => formatMs(probe.latency_ms),
  },
];

/**
 * What the latency probes of the last status saw: each dependency or service, up or down. A fixed
 * layout, so that a long error wraps inside its cell instead of widening the table.
 */
export function ProbeList({ probes }: { probes: ProbeResult[] | undefined }) {
  return (
    <Card title="Dependency Probes" size="small">
      <Table<ProbeResult>
        size="small"
        rowKey="target"
        columns={columns}
        dataSource={probes ?? []}
        pagination={false}
        tableLayout="fixed"
        locale={{ emptyText: 'No probe results yet' }}
        aria-label="Dependency probes"
      />
    </Card>
  );
}
