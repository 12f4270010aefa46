import {
  SYNC_DIRECTIONS,
  SYNC_FREQUENCY,
  type IntegrationConnection,
  type SyncDirection,
} from '@sixa/contracts/browser';
import { Col, Form, Input, InputNumber, Row, Select, Typography } from 'antd';
import { FormModal } from '../../shared/FormModal';
import { useFeedback } from '../../theme/Feedback';
import { CONTACT_MAPPING_FIELDS, DIRECTION_LABEL } from './integrationLabels';
import { INTEGRATION_ERRORS, useConfigureConnectionMutation } from './integrationsApi';

interface Values {
  connection_name: string;
  sync_frequency: number;
  sync_direction: SyncDirection;
  mappings: Record<string, string>;
}

interface ConfigureConnectionModalProps {
  open: boolean;
  connection: IntegrationConnection;
  onClose: () => void;
}

/** Configure: the connection's name, how often and which way it syncs, and how contacts' fields are filled. */
export function ConfigureConnectionModal({ open, connection, onClose }: ConfigureConnectionModalProps) {
  const [save] = useConfigureConnectionMutation();
  const { message } = useFeedback();

  const submit = async (values: Values, { etag }: { etag: string | undefined }) => {
    const field_mappings = Object.fromEntries(
      CONTACT_MAPPING_FIELDS.map((field) => [`contacts.${field}`, (values.mappings?.[field] ?? '').trim()]),
    );
    await save({
      id: connection.id,
      body: {
        connection_name: values.connection_name.trim(),
        sync_frequency: values.sync_frequency,
        sync_direction: values.sync_direction,
        field_mappings,
      },
      etag,
    }).unwrap();
    message.success(`${values.connection_name.trim()} saved`);
  };

  return (
    <FormModal<Values>
      open={open}
      recordKey={connection.id}
      etag={connection.etag}
      title={`Configure ${connection.connection_name}`}
      okText="Save"
      name="integration-configure"
      width={640}
      initialValues={{
        connection_name: connection.connection_name,
        sync_frequency: connection.sync_frequency,
        sync_direction: connection.sync_direction,
        mappings: Object.fromEntries(
          CONTACT_MAPPING_FIELDS.map((field) => [field, connection.field_mappings[`contacts.${field}`] ?? '']),
        ),
      }}
      canSubmit={(values) => Boolean(values.connection_name?.trim()) && values.sync_frequency != null}
      onSubmit={submit}
      onClose={onClose}
      errorFallback={INTEGRATION_ERRORS.configure}
      preserve={false}
    >
      <Form.Item
        label="Connection Name"
        name="connection_name"
        rules={[
          { required: true, whitespace: true, message: 'Please enter a connection name' },
          { max: 100, message: 'At most 100 characters' },
        ]}
      >
        <Input />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            label="Sync Frequency (minutes)"
            name="sync_frequency"
            rules={[
              { required: true, message: 'Please enter a sync frequency' },
              {
                type: 'number',
                min: SYNC_FREQUENCY.min,
                max: SYNC_FREQUENCY.max,
                message: `Between ${SYNC_FREQUENCY.min} and ${SYNC_FREQUENCY.max} minutes`,
              },
            ]}
          >
            <InputNumber precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item label="Sync Direction" name="sync_direction" extra="Syncs bring records in for now.">
            <Select options={SYNC_DIRECTIONS.map((value) => ({ value, label: DIRECTION_LABEL[value] }))} />
          </Form.Item>
        </Col>
      </Row>
      <Typography.Title level={5}>Field Mappings: contacts into leads</Typography.Title>
      <Typography.Paragraph type="secondary">
        Each lead field is filled from a template of the platform&apos;s fields, such as{' '}
        <Typography.Text code>{'{{first_name}} {{last_name}}'}</Typography.Text>.
      </Typography.Paragraph>
      <Row gutter={16}>
        {CONTACT_MAPPING_FIELDS.map((field) => (
          <Col xs={24} sm={12} key={field}>
            <Form.Item
              label={`Lead ${field}`}
              name={['mappings', field]}
              rules={[{ max: 200, message: 'At most 200 characters' }]}
            >
              <Input placeholder={`{{${field}}}`} />
            </Form.Item>
          </Col>
        ))}
      </Row>
    </FormModal>
  );
}
