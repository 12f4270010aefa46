import type { DocumentCategoryWithCounts } from '@sixa/contracts/browser';
import {
  DollarOutlined,
  FileTextOutlined,
  FolderOutlined,
  RightOutlined,
  SafetyOutlined,
  ShoppingOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { Button, Card, Flex, Statistic, Typography, theme } from 'antd';
import { useId, type ReactNode } from 'react';

/** The category icons the service's sample data names; anything else is a folder. */
const ICONS: Record<string, ReactNode> = {
  shopping: <ShoppingOutlined />,
  safety: <SafetyOutlined />,
  dollar: <DollarOutlined />,
  team: <TeamOutlined />,
  file: <FileTextOutlined />,
};

interface CategoryCardProps {
  category: DocumentCategoryWithCounts;
  onViewAll: (category: DocumentCategoryWithCounts) => void;
}

/** A category: its counts of templates and documents, and 'View All' (its documents). */
export function CategoryCard({ category, onViewAll }: CategoryCardProps) {
  const { token } = theme.useToken();
  const titleId = useId();
  const color = category.color || token.colorPrimary;
  return (
    <Card
      role="article"
      aria-labelledby={titleId}
      size="small"
      style={{ height: '100%', borderTop: `3px solid ${color}` }}
      styles={{ body: { height: '100%', display: 'flex', flexDirection: 'column', gap: token.marginSM } }}
    >
      <Flex align="center" gap="small">
        <span aria-hidden style={{ color, fontSize: token.fontSizeHeading4 }}>
          {ICONS[category.icon] ?? <FolderOutlined />}
        </span>
        <Typography.Title id={titleId} level={5} style={{ margin: 0 }}>
          {category.name}
        </Typography.Title>
      </Flex>
      {category.description ? (
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {category.description}
        </Typography.Paragraph>
      ) : null}
      <Flex gap="large">
        <Statistic title="Templates" value={category.template_count} />
        <Statistic title="Documents" value={category.document_count} />
      </Flex>
      <Flex style={{ marginTop: 'auto' }}>
        <Button
          size="small"
          icon={<RightOutlined />}
          iconPlacement="end"
          aria-label={`View All ${category.name} documents`}
          onClick={() => onViewAll(category)}
        >
          View All
        </Button>
      </Flex>
    </Card>
  );
}
