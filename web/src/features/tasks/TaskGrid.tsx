import type { Task } from '@sixa/contracts/browser';
import { Card, Col, Empty, Row } from 'antd';
import { TaskCard } from './TaskCard';

interface TaskGridProps {
  tasks: readonly Task[];
  loading: boolean;
  emptyText: string;
  canManage: (task: Task) => boolean;
  movingId: string | undefined;
  onMove: (task: Task, to: Task['status']) => void;
  onEdit: (task: Task) => void;
  onDelete: (task: Task) => void;
  /** The id of the task a link named. */
  focusId?: string | null;
}

/** One card a row on phones, two on tablets, three on wide screens; placeholders while loading. */
const COLUMNS = { xs: 24, md: 12, xl: 8 } as const;

export function TaskGrid({
  tasks,
  loading,
  emptyText,
  canManage,
  movingId,
  onMove,
  onEdit,
  onDelete,
  focusId,
}: TaskGridProps) {
  if (loading) {
    return (
      <Row gutter={[16, 16]} aria-busy="true" aria-label="Loading tasks">
        {[0, 1, 2].map((i) => (
          <Col key={i} {...COLUMNS}>
            <Card size="small" loading />
          </Col>
        ))}
      </Row>
    );
  }
  if (tasks.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />;
  return (
    <Row gutter={[16, 16]}>
      {tasks.map((task) => (
        <Col key={task.id} {...COLUMNS}>
          <TaskCard
            task={task}
            canManage={canManage(task)}
            moving={movingId === task.id}
            onMove={onMove}
            onEdit={onEdit}
            onDelete={onDelete}
            focused={focusId === task.id}
          />
        </Col>
      ))}
    </Row>
  );
}
