import type { Workflow } from '@sixa/contracts';
import { WORKFLOW_DESCRIPTION_MAX, WORKFLOW_NAME_MAX } from '@sixa/contracts/src/workflows';
import { App, Divider, Form, Input, Modal } from 'antd';
import { FormError } from '../../shared/FormError';
import { StepEditor } from './StepEditor';
import { TriggerFields } from './TriggerFields';
import {
  buildWorkflowBody,
  canSave,
  NEW_WORKFLOW_VALUES,
  workflowFormValues,
  type WorkflowFormValues,
} from './workflowPayloads';
import { useCreateWorkflowMutation, useEditWorkflowMutation, WORKFLOW_ERRORS } from './workflowsApi';

interface WorkflowFormModalProps {
  /** 'create' for a new workflow; a workflow to edit it; null when closed. */
  target: 'create' | Workflow | null;
  onClose: () => void;
}

/**
 * Create Workflow and Edit Workflow: disabled until there is a name and at least one step (spec);
 * the server's reason for a refusal (a bad cron, a step's parameters: 400) shows inside the form.
 */
export function WorkflowFormModal({ target, onClose }: WorkflowFormModalProps) {
  const [form] = Form.useForm<WorkflowFormValues>();
  const name = Form.useWatch('name', form);
  const steps = Form.useWatch('steps', form);
  const [createWorkflow, created] = useCreateWorkflowMutation();
  const [editWorkflow, edited] = useEditWorkflowMutation();
  const { message } = App.useApp();
  const editing = target !== null && target !== 'create' ? target : null;
  const state = editing ? edited : created;

  const close = () => {
    created.reset();
    edited.reset();
    onClose();
  };

  const submit = async (values: WorkflowFormValues) => {
    const body = buildWorkflowBody(values);
    try {
      if (editing) {
        await editWorkflow({ id: editing.id, body: { ...body, rev: editing.rev } }).unwrap();
        message.success('Workflow updated');
      } else {
        const workflow = await createWorkflow(body).unwrap();
        message.success(`Workflow "${workflow.name}" created`);
      }
      close();
    } catch {
      // The reason is shown inside the form; it stays open for a correction.
    }
  };

  return (
    <Modal
      open={target !== null}
      title={editing ? 'Edit Workflow' : 'Create Workflow'}
      okText={editing ? 'Save Changes' : 'Create Workflow'}
      onCancel={close}
      destroyOnHidden
      width={720}
      okButtonProps={{ htmlType: 'submit', disabled: !canSave(name, steps), loading: state.isLoading }}
      modalRender={(dom) => (
        <Form
          key={editing?.id ?? 'create'}
          form={form}
          name={editing ? 'edit-workflow' : 'create-workflow'}
          layout="vertical"
          requiredMark={false}
          initialValues={editing ? workflowFormValues(editing) : NEW_WORKFLOW_VALUES}
          onFinish={submit}
          preserve={false}
        >
          {dom}
        </Form>
      )}
    >
      <FormError error={state.error} fallback={editing ? WORKFLOW_ERRORS.update : WORKFLOW_ERRORS.create} />
      <Form.Item
        label="Name"
        name="name"
        rules={[{ required: true, whitespace: true, message: 'Please enter a workflow name' }]}
      >
        <Input maxLength={WORKFLOW_NAME_MAX} placeholder="Follow up new referrals" />
      </Form.Item>
      <Form.Item label="Description" name="description">
        <Input.TextArea maxLength={WORKFLOW_DESCRIPTION_MAX} autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
      <TriggerFields />
      <Divider style={{ margin: '8px 0 16px' }} />
      <StepEditor />
    </Modal>
  );
}
