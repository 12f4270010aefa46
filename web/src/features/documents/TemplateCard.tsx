import type { DocumentCategory, DocumentTemplate } from '@sixa/contracts/browser';
import { EyeOutlined, FileAddOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Tag, Tooltip, Typography, theme } from 'antd';
import { useId } from 'react';
import { AccessButton } from '../../shared/access';
import { ColorTag } from '../../shared/ColorTag';
import { visuallyHidden } from '../../shared/visuallyHidden';
import { DOCUMENT_TYPE_LABEL, humanize } from './documentLabels';

/** Spec: the first 3 tags on a card, then '+N' for the rest. */
export const TAGS_SHOWN = 3;

interface TemplateCardProps {
  template: DocumentTemplate;
  category: DocumentCategory | undefined;
  onUse: (template: DocumentTemplate) => void;
  onPreview: (template: DocumentTemplate) => void;
}

/** A template: title, category, usage, description, type and format, tags, and Use Template / Preview. */
export function TemplateCard({ template, category, onUse, onPreview }: TemplateCardProps) {
  const { token } = theme.useToken();
  const titleId = useId();
  const shown = template.tags.slice(0, TAGS_SHOWN);
  const rest = template.tags.slice(TAGS_SHOWN);
  const uses = template.usage_count;

  return (
    <Card
      role="article"
      aria-labelledby={titleId}
      size="small"
      style={{ height: '100%' }}
      styles={{ body: { height: '100%', display: 'flex', flexDirection: 'column', gap: token.marginSM } }}
    >
      <Flex justify="space-between" align="flex-start" gap="small">
        <Typography.Title id={titleId} level={5} style={{ margin: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
          {template.title}
        </Typography.Title>
        {category ? (
          <ColorTag color={category.color} style={{ marginInlineEnd: 0, flexShrink: 0 }}>
            {category.name}
          </ColorTag>
        ) : null}
      </Flex>
      {template.description ? (
        <Typography.Paragraph
          type="secondary"
          ellipsis={{ rows: 2, tooltip: template.description }}
          style={{ margin: 0 }}
        >
          {template.description}
        </Typography.Paragraph>
      ) : null}
      <Flex gap="small" wrap align="center">
        <Typography.Text type="secondary">
          {DOCUMENT_TYPE_LABEL[template.type] ?? humanize(template.type)} · {template.file_format.toUpperCase()}
        </Typography.Text>
        <Typography.Text type="secondary">
          · Used <Typography.Text strong>{uses}</Typography.Text> {uses === 1 ? 'time' : 'times'}
        </Typography.Text>
      </Flex>
      {template.tags.length ? (
        <Flex gap={token.marginXXS} wrap>
          {shown.map((tag) => (
            <Tag key={tag} style={{ marginInlineEnd: 0 }}>
              {tag}
            </Tag>
          ))}
          {rest.length ? (
            <Tooltip title={rest.join(', ')}>
              <Tag style={{ marginInlineEnd: 0 }} tabIndex={0}>
                +{rest.length}
                <span style={visuallyHidden}> more: {rest.join(', ')}</span>
              </Tag>
            </Tooltip>
          ) : null}
        </Flex>
      ) : null}
      <Flex gap="small" style={{ marginTop: 'auto' }}>
        <AccessButton
          route="POST /documents"
          type="primary"
          size="small"
          icon={<FileAddOutlined />}
          aria-label={`Use Template ${template.title}`}
          onClick={() => onUse(template)}
        >
          Use Template
        </AccessButton>
        <Button
          size="small"
          icon={<EyeOutlined />}
          aria-label={`Preview ${template.title}`}
          onClick={() => onPreview(template)}
        >
          Preview
        </Button>
      </Flex>
    </Card>
  );
}
