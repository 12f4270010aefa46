import { CloseOutlined } from '@ant-design/icons';
import { Button, Tag } from 'antd';

interface FilterChipProps {
  /** What the list is limited to, e.g. "Overdue" or "Status: Sent". */
  label: string;
  onRemove: () => void;
}

/** A filter in force, shown as a tag with a button that removes it (reachable by keyboard). */
export function FilterChip({ label, onRemove }: FilterChipProps) {
  return (
    <Tag color="processing" style={{ marginInlineEnd: 0, paddingInlineEnd: 0 }}>
      {label}
      <Button
        type="text"
        size="small"
        icon={<CloseOutlined />}
        aria-label={`Remove filter ${label}`}
        onClick={onRemove}
        style={{ height: 'auto', width: 'auto', minWidth: 0, paddingInline: 4, marginInlineStart: 2 }}
      />
    </Tag>
  );
}
