import {
  AI_SETTING_CATEGORIES,
  AI_TONES,
  ASSISTANT_TOOLS,
  DEFAULT_AI_SETTINGS,
  type AiSettingGroup,
} from '@sixa/contracts/browser';
import { Button, Col, Empty, Flex, Form, Input, InputNumber, Row, Select, Skeleton, Switch, Typography } from 'antd';
import { useMemo } from 'react';
import { FormError } from '../../shared/FormError';
import { formatDateTime } from '../../shared/formatDate';
import { LoadErrorAlert } from '../../shared/LoadErrorAlert';
import { Panel } from '../../shared/Panel';
import { useFeedback } from '../../theme/Feedback';
import { SETTINGS_ERRORS, useGetAiSettingsQuery, useUpdateAiSettingsMutation } from './settingsApi';

const GROUP_TITLES: Record<string, string> = {
  model: 'Model',
  tools: 'Tools',
  tone: 'Tone',
};

const GROUP_HELP: Record<string, string> = {
  model: 'The model the assistant asks, and how freely it answers (temperature 0 to 2).',
  tools: 'What the assistant may do for people. Every tool, or only those chosen.',
  tone: 'How the assistant writes its answers.',
};

const label = (key: string) => key.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

/** Every group the assistant reads, at its defaults where none is stored yet, then any other stored one. */
export function withDefaultGroups(stored: readonly AiSettingGroup[]): AiSettingGroup[] {
  const byCategory = new Map(stored.map((g) => [g.category, g]));
  const defaults = AI_SETTING_CATEGORIES.map(
    (category): AiSettingGroup =>
      byCategory.get(category) ?? {
        category,
        settings: { ...DEFAULT_AI_SETTINGS[category] },
        updated_by: null,
        updated_by_name: null,
        updated_at: null,
      },
  );
  return [...defaults, ...stored.filter((g) => !(AI_SETTING_CATEGORIES as readonly string[]).includes(g.category))];
}

/** The form's fields for one group: the known ones with their own controls, others by their value's type. */
function GroupFields({ group }: { group: AiSettingGroup }) {
  if (group.category === 'model')
    return (
      <Row gutter={16}>
        <Col xs={24} sm={14}>
          <Form.Item
            label="Model"
            name="model"
            rules={[{ required: true, whitespace: true, message: 'Enter a model' }]}
          >
            <Input maxLength={120} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={10}>
          <Form.Item label="Temperature" name="temperature" rules={[{ required: true, message: 'Enter 0 to 2' }]}>
            <InputNumber min={0} max={2} step={0.1} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
    );
  if (group.category === 'tools')
    return (
      <>
        <Form.Item label="All tools" name="all_tools" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item noStyle dependencies={['all_tools']}>
          {({ getFieldValue }) =>
            getFieldValue('all_tools') ? null : (
              <Form.Item label="Enabled tools" name="enabled_tools">
                <Select
                  mode="multiple"
                  allowClear
                  options={ASSISTANT_TOOLS.map((tool) => ({ value: tool, label: label(tool) }))}
                  placeholder="None: the assistant only answers"
                />
              </Form.Item>
            )
          }
        </Form.Item>
      </>
    );
  if (group.category === 'tone')
    return (
      <Form.Item label="Tone" name="tone">
        <Select options={AI_TONES.map((tone) => ({ value: tone, label: label(tone) }))} />
      </Form.Item>
    );
  return (
    <>
      {Object.entries(group.settings).map(([key, value]) => (
        <Form.Item
          key={key}
          label={label(key)}
          name={key}
          valuePropName={typeof value === 'boolean' ? 'checked' : 'value'}
        >
          {typeof value === 'boolean' ? (
            <Switch />
          ) : typeof value === 'number' ? (
            <InputNumber style={{ width: '100%' }} />
          ) : (
            <Input />
          )}
        </Form.Item>
      ))}
    </>
  );
}

type FormValues = Record<string, unknown>;

function toFormValues(group: AiSettingGroup): FormValues {
  if (group.category !== 'tools') return { ...group.settings };
  const enabled = group.settings.enabled_tools;
  return { all_tools: enabled === null || enabled === undefined, enabled_tools: Array.isArray(enabled) ? enabled : [] };
}

function toSettings(group: AiSettingGroup, values: FormValues): Record<string, unknown> {
  if (group.category === 'tools')
    return { enabled_tools: values.all_tools ? null : ((values.enabled_tools as string[] | undefined) ?? []) };
  if (group.category === 'model') return { ...values, model: String(values.model ?? '').trim() };
  // Settings of other types the form cannot edit (objects) are kept as they are.
  return { ...group.settings, ...values };
}

function GroupForm({ group }: { group: AiSettingGroup }) {
  const [save, state] = useUpdateAiSettingsMutation();
  const { message } = useFeedback();
  const initial = useMemo(() => toFormValues(group), [group]);
  const title = GROUP_TITLES[group.category] ?? label(group.category);

  const submit = async (values: FormValues) => {
    try {
      await save({ category: group.category, settings: toSettings(group, values) }).unwrap();
      message.success(`${title} settings saved: the assistant uses them from its next answer`);
    } catch {
      // shown in the form
    }
  };

  return (
    <Panel title={title} style={{ height: '100%' }}>
      <Form
        name={`ai-${group.category}`}
        layout="vertical"
        requiredMark={false}
        initialValues={initial}
        onFinish={(values: FormValues) => void submit(values)}
      >
        <Typography.Paragraph type="secondary">{GROUP_HELP[group.category]}</Typography.Paragraph>
        <FormError error={state.error} fallback={SETTINGS_ERRORS.saveAi} />
        <GroupFields group={group} />
        <Flex justify="space-between" align="center" gap="small" wrap>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {group.updated_at ? `Changed ${formatDateTime(group.updated_at)}` : 'Defaults'}
          </Typography.Text>
          <Button type="primary" htmlType="submit" loading={state.isLoading} aria-label={`Save ${title}`}>
            Save
          </Button>
        </Flex>
      </Form>
    </Panel>
  );
}

/** AI Configuration: one form per settings group (model, tools, tone), read by the assistant. */
export function AiConfigurationTab() {
  const { data, isLoading, error, refetch } = useGetAiSettingsQuery();
  const groups = useMemo(() => withDefaultGroups(data ?? []), [data]);

  if (isLoading) return <Skeleton active paragraph={{ rows: 6 }} />;
  return (
    <Flex vertical gap="middle">
      <LoadErrorAlert error={error} fallback={SETTINGS_ERRORS.ai} onRetry={() => void refetch()} />
      {!data && error ? (
        <Empty description="The AI configuration could not be loaded" />
      ) : (
        <Row gutter={[16, 16]}>
          {groups.map((group) => (
            <Col key={`${group.category}:${group.updated_at ?? ''}`} xs={24} lg={12} xl={8}>
              <GroupForm group={group} />
            </Col>
          ))}
        </Row>
      )}
    </Flex>
  );
}
