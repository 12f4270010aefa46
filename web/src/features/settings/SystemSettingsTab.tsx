import {
  KNOWN_SYSTEM_SETTINGS,
  SYSTEM_SETTING_TYPES,
  knownSystemSetting,
  systemSettingProblem,
  type KnownSystemSetting,
  type SystemSetting,
  type SystemSettingType,
  type SystemSettingValue,
} from '@sixa/contracts/browser';
import { PlusOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Col,
  Divider,
  Empty,
  Flex,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Skeleton,
  Switch,
  Tag,
  Typography,
} from 'antd';
import { useId, useMemo, useState } from 'react';
import { errorMessage } from '../../shared/apiError';
import { formatDateTime } from '../../shared/formatDate';
import { LoadErrorAlert } from '../../shared/LoadErrorAlert';
import { useFeedback } from '../../theme/Feedback';
import { changedBy } from './settingsLabels';
import { SETTINGS_ERRORS, useGetSystemSettingsQuery, useUpdateSystemSettingMutation } from './settingsApi';

const settingId = (s: Pick<SystemSetting, 'category' | 'key'>) => `${s.category}.${s.key}`;

/** The stored settings, with the ones the product applies shown at their defaults until set. */
export function withKnownSettings(stored: readonly SystemSetting[]): SystemSetting[] {
  const byId = new Map(stored.map((s) => [settingId(s), s]));
  const known = (KNOWN_SYSTEM_SETTINGS as readonly KnownSystemSetting[]).map(
    (k): SystemSetting =>
      byId.get(settingId(k)) ?? {
        category: k.category,
        key: k.key,
        value: k.default,
        data_type: k.data_type,
        description: k.description,
        updated_by: null,
        updated_by_name: null,
        updated_at: null,
      },
  );
  const knownIds = new Set(known.map(settingId));
  return [...known, ...stored.filter((s) => !knownIds.has(settingId(s)))];
}

/** What a number field says to text that is not a number (the example: the setting's default, else 30). */
export function notANumberMessage(example: SystemSettingValue | undefined): string {
  return `Enter a number, e.g. ${typeof example === 'number' ? example : 30}`;
}

/** True when `typed` (what is in a number field) is text that is not a number. */
const notANumber = (typed: string | null) => typed !== null && typed.trim() !== '' && !Number.isFinite(Number(typed));

function ValueInput({
  setting,
  value,
  onChange,
  onTyped,
  label,
  problemId,
}: {
  setting: Pick<SystemSetting, 'category' | 'key' | 'data_type'>;
  value: SystemSettingValue | null;
  onChange: (value: SystemSettingValue | null) => void;
  /** What is in a number field as typed (letters included), or null once it shows the value again. */
  onTyped: (text: string | null) => void;
  label: string;
  /** The id of the message under the field while the value is refused. */
  problemId?: string;
}) {
  const known = knownSystemSetting(setting.category, setting.key);
  const invalid = problemId ? { status: 'error' as const, 'aria-invalid': true, 'aria-describedby': problemId } : {};
  if (setting.data_type === 'boolean')
    return <Switch aria-label={label} checked={value === true} onChange={(checked) => onChange(checked)} />;
  if (setting.data_type === 'number')
    return (
      <InputNumber
        aria-label={label}
        value={typeof value === 'number' ? value : null}
        min={known?.min}
        max={known?.max}
        precision={known ? 0 : undefined}
        onChange={(next) => onChange(next)}
        // antd keeps the last number while letters are typed: the text is followed to say what is wrong.
        onInput={(text) => onTyped(text)}
        onBlur={() => onTyped(null)}
        style={{ width: 160 }}
        {...invalid}
      />
    );
  return (
    <Input
      {...invalid}
      aria-label={label}
      value={typeof value === 'string' ? value : ''}
      maxLength={known?.maxLength ?? 2000}
      onChange={(event) => onChange(event.target.value)}
      style={{ maxWidth: 360 }}
    />
  );
}

/** One setting: its value, editable in place, with Save; a refused value says why beside it. */
function SettingRow({ setting }: { setting: SystemSetting }) {
  const [value, setValue] = useState<SystemSettingValue | null>(setting.value);
  const [typed, setTyped] = useState<string | null>(null);
  const [update, state] = useUpdateSystemSettingMutation();
  const { message } = useFeedback();
  const problemId = useId();
  const known = knownSystemSetting(setting.category, setting.key);
  const letters = setting.data_type === 'number' && notANumber(typed);
  const dirty = value !== setting.value || letters;
  const problem = letters
    ? notANumberMessage(known?.default ?? setting.value)
    : value === null
      ? 'Enter a value'
      : systemSettingProblem(setting.category, setting.key, value, setting.data_type);
  const label = `${setting.category}.${setting.key}`;
  const shownProblem = dirty ? problem : null;

  const save = async () => {
    if (value === null || problem) return;
    try {
      await update({ category: setting.category, key: setting.key, value, data_type: setting.data_type }).unwrap();
      message.success(`${label} saved`);
    } catch {
      // shown under the row
    }
  };

  return (
    <Flex vertical gap={4} style={{ paddingBlock: 8 }}>
      <Flex justify="space-between" align="center" wrap gap="middle">
        <Flex vertical style={{ minWidth: 240, flex: '1 1 280px' }}>
          <Flex gap="small" align="center" wrap>
            <Typography.Text strong code>
              {label}
            </Typography.Text>
            <Tag>{setting.data_type}</Tag>
            {known ? <Tag color="processing">applied by the product</Tag> : null}
          </Flex>
          <Typography.Text type="secondary">{setting.description || known?.description}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {setting.updated_at
              ? `Changed ${formatDateTime(setting.updated_at)}${changedBy(setting)}`
              : 'Default value'}
          </Typography.Text>
        </Flex>
        <Flex align="center" gap="small">
          <ValueInput
            setting={setting}
            value={value}
            onChange={setValue}
            onTyped={setTyped}
            label={label}
            problemId={shownProblem ? problemId : undefined}
          />
          <Button
            type="primary"
            disabled={!dirty || Boolean(problem)}
            loading={state.isLoading}
            onClick={() => void save()}
            aria-label={`Save ${label}`}
          >
            Save
          </Button>
        </Flex>
      </Flex>
      {shownProblem ? (
        <Typography.Text id={problemId} type="danger" role="alert" style={{ alignSelf: 'flex-end' }}>
          {shownProblem}
        </Typography.Text>
      ) : null}
      {state.error ? (
        <Alert type="error" showIcon title={errorMessage(state.error, SETTINGS_ERRORS.saveSystem)} />
      ) : null}
    </Flex>
  );
}

interface NewSettingValues {
  category: string;
  key: string;
  data_type: SystemSettingType;
  value: string;
}

/** Parses what was typed as the declared type ('true'/'false', a number, or the text itself). */
export function parseSettingValue(typed: string, dataType: SystemSettingType): SystemSettingValue | null {
  if (dataType === 'string') return typed;
  if (dataType === 'boolean') return typed === 'true' ? true : typed === 'false' ? false : null;
  const number = Number(typed);
  return typed.trim() === '' || !Number.isFinite(number) ? null : number;
}

/** The Value field's rule in "Add a setting": what is wrong with what is typed, for the type chosen. */
function valueRule(typed: string | undefined, field: (name: keyof NewSettingValues) => string | undefined) {
  const dataType = (field('data_type') ?? 'string') as SystemSettingType;
  if (dataType === 'string' || parseSettingValue(typed ?? '', dataType) !== null) return Promise.resolve();
  const known = knownSystemSetting((field('category') ?? '').trim(), (field('key') ?? '').trim());
  return Promise.reject(new Error(dataType === 'number' ? notANumberMessage(known?.default) : 'Enter true or false'));
}

/** Adds (or replaces) a setting by category and key. */
function NewSettingForm() {
  const [form] = Form.useForm<NewSettingValues>();
  const [update, state] = useUpdateSystemSettingMutation();
  const { message } = useFeedback();
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (values: NewSettingValues) => {
    const value = parseSettingValue(values.value ?? '', values.data_type);
    const found =
      value === null
        ? `value must be a ${values.data_type}`
        : systemSettingProblem(values.category.trim(), values.key.trim(), value, values.data_type);
    setProblem(found);
    if (found || value === null) return;
    try {
      await update({
        category: values.category.trim(),
        key: values.key.trim(),
        value,
        data_type: values.data_type,
      }).unwrap();
      message.success(`${values.category}.${values.key} saved`);
      form.resetFields();
    } catch {
      // shown under the form
    }
  };

  return (
    <Form<NewSettingValues>
      form={form}
      name="new-system-setting"
      layout="vertical"
      requiredMark={false}
      initialValues={{ data_type: 'string' }}
      onFinish={(values) => void submit(values)}
      onValuesChange={() => setProblem(null)}
    >
      <Row gutter={12} align="bottom">
        <Col xs={24} sm={12} md={5}>
          <Form.Item
            label="Category"
            name="category"
            rules={[{ required: true, whitespace: true, message: 'Required' }]}
          >
            <Input maxLength={60} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} md={6}>
          <Form.Item label="Key" name="key" rules={[{ required: true, whitespace: true, message: 'Required' }]}>
            <Input maxLength={80} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8} md={4}>
          <Form.Item label="Type" name="data_type">
            <Select options={SYSTEM_SETTING_TYPES.map((t) => ({ value: t, label: t }))} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={16} md={6}>
          <Form.Item
            label="Value"
            name="value"
            dependencies={['data_type', 'category', 'key']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_rule, typed: string | undefined) => valueRule(typed, getFieldValue),
              }),
            ]}
          >
            <Input maxLength={2000} placeholder="text, a number, or true/false" />
          </Form.Item>
        </Col>
        <Col xs={24} md={3}>
          <Form.Item>
            <Button htmlType="submit" icon={<PlusOutlined />} loading={state.isLoading} block>
              Save
            </Button>
          </Form.Item>
        </Col>
      </Row>
      {problem ? <Alert type="error" showIcon title={problem} /> : null}
      {state.error ? (
        <Alert type="error" showIcon title={errorMessage(state.error, SETTINGS_ERRORS.saveSystem)} />
      ) : null}
    </Form>
  );
}

/** System Settings: each setting by category, edited in place; the product applies its own within seconds. */
export function SystemSettingsTab() {
  const { data, isLoading, error, refetch } = useGetSystemSettingsQuery();
  const settings = useMemo(() => withKnownSettings(data ?? []), [data]);
  const categories = useMemo(() => [...new Set(settings.map((s) => s.category))], [settings]);

  if (isLoading) return <Skeleton active paragraph={{ rows: 6 }} />;
  return (
    <Flex vertical gap="middle">
      <LoadErrorAlert error={error} fallback={SETTINGS_ERRORS.system} onRetry={() => void refetch()} />
      {!data && error ? (
        <Empty description="System settings could not be loaded" />
      ) : (
        categories.map((category) => (
          <section key={category} aria-label={`${category} settings`}>
            <Typography.Title level={5} style={{ textTransform: 'capitalize', marginBottom: 0 }}>
              {category}
            </Typography.Title>
            {settings
              .filter((s) => s.category === category)
              .map((s) => (
                // A saved value arrives as a new row: its editor starts from it.
                <SettingRow key={`${settingId(s)}:${String(s.value)}:${s.updated_at ?? ''}`} setting={s} />
              ))}
            <Divider style={{ marginBlock: 8 }} />
          </section>
        ))
      )}
      <Typography.Title level={5} style={{ marginBottom: 0 }}>
        Add a setting
      </Typography.Title>
      <NewSettingForm />
    </Flex>
  );
}
