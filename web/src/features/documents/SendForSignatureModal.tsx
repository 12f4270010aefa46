import { SIGNING_DEADLINE_DAYS_MAX, type Document } from '@sixa/contracts/browser';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Checkbox, Col, Flex, Form, Input, InputNumber, Radio, Row, Typography } from 'antd';
import { FormModal } from '../../shared/FormModal';
import { useFeedback } from '../../theme/Feedback';
import { buildSendBody, canSend, sendFormValues, type SendFormValues } from './documentPayloads';
import { DOCUMENT_ERRORS, useSendForSignatureMutation } from './documentsApi';

/** The most signers one request takes (the server's limit). */
const MAX_SIGNERS = 10;

interface SendForSignatureModalProps {
  open: boolean;
  document: Document;
  onClose: () => void;
}

/**
 * Send for Signature: who signs (name, e-mail, role), in which order, the e-mail's subject and
 * message, reminders and how many days the signers have. Each signer gets their own link by e-mail.
 */
export function SendForSignatureModal({ open, document, onClose }: SendForSignatureModalProps) {
  const [send] = useSendForSignatureMutation();
  const { message } = useFeedback();

  const submit = async (values: SendFormValues) => {
    const body = buildSendBody(document, values);
    await send({ id: document.id, body }).unwrap();
    message.success(
      `"${document.title}" was sent for signature to ${body.signers.length} ${body.signers.length === 1 ? 'signer' : 'signers'}`,
    );
  };

  return (
    <FormModal<SendFormValues>
      open={open}
      recordKey={document.id}
      title="Send for Signature"
      okText="Send for Signature"
      name="send-for-signature"
      width={760}
      initialValues={sendFormValues(document)}
      canSubmit={canSend}
      onSubmit={submit}
      onClose={onClose}
      errorFallback={DOCUMENT_ERRORS.send}
    >
      <Typography.Paragraph type="secondary">
        {document.title}: each signer receives their own signing link by email.
      </Typography.Paragraph>
      <Typography.Title level={5}>Signers</Typography.Title>
      <Form.List name="signers">
        {(fields, { add, remove }) => (
          <Flex vertical gap={0}>
            {fields.map((field, index) => (
              <Row key={field.key} gutter={8} align="top" role="group" aria-label={`Signer ${index + 1}`}>
                <Col flex="24px" style={{ paddingTop: 6 }}>
                  <Typography.Text type="secondary">{index + 1}.</Typography.Text>
                </Col>
                <Col xs={22} sm={7}>
                  <Form.Item
                    name={[field.name, 'name']}
                    rules={[{ required: true, whitespace: true, message: "Please enter the signer's name" }]}
                  >
                    <Input placeholder="Full name" aria-label={`Signer ${index + 1} name`} maxLength={160} />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={9}>
                  <Form.Item
                    name={[field.name, 'email']}
                    rules={[
                      { required: true, message: "Please enter the signer's email" },
                      { type: 'email', message: 'Please enter a valid email address' },
                    ]}
                  >
                    <Input type="email" placeholder="Email" aria-label={`Signer ${index + 1} email`} maxLength={254} />
                  </Form.Item>
                </Col>
                <Col xs={18} sm={5}>
                  <Form.Item name={[field.name, 'role']}>
                    <Input placeholder="Role" aria-label={`Signer ${index + 1} role`} maxLength={60} />
                  </Form.Item>
                </Col>
                <Col flex="32px">
                  <Button
                    type="text"
                    icon={<DeleteOutlined />}
                    aria-label={`Remove signer ${index + 1}`}
                    disabled={fields.length === 1}
                    onClick={() => remove(field.name)}
                  />
                </Col>
              </Row>
            ))}
            <Flex>
              <Button
                icon={<PlusOutlined />}
                disabled={fields.length >= MAX_SIGNERS}
                onClick={() => add({ name: '', email: '', role: 'signer' })}
              >
                Add signer
              </Button>
            </Flex>
          </Flex>
        )}
      </Form.List>
      <Form.Item label="Signing order" name="signing_order" style={{ marginTop: 16 }}>
        <Radio.Group
          options={[
            { value: 'sequential', label: 'Sequential (in the order above, each after the one before)' },
            { value: 'parallel', label: 'Parallel (everyone at once)' },
          ]}
        />
      </Form.Item>
      <Form.Item label="Email subject" name="email_subject">
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item label="Message" name="email_message">
        <Input.TextArea rows={3} maxLength={4000} />
      </Form.Item>
      <Row gutter={16} align="middle">
        <Col xs={24} sm={12}>
          <Form.Item
            label="Expires in (days)"
            name="expires_in_days"
            rules={[
              {
                type: 'integer',
                min: 1,
                max: SIGNING_DEADLINE_DAYS_MAX,
                message: `Between 1 and ${SIGNING_DEADLINE_DAYS_MAX} days`,
              },
            ]}
          >
            <InputNumber min={1} max={SIGNING_DEADLINE_DAYS_MAX} step={1} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="send_reminders" valuePropName="checked">
            <Checkbox>Send reminders</Checkbox>
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
