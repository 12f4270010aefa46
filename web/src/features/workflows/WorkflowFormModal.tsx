import { WORKFLOW_DESCRIPTION_MAX, WORKFLOW_NAME_MAX, type Workflow } from '@sixa/contracts/browser';
import { App, Divider, Form, Input } from 'antd';
import { FormModal } from '../../shared/FormModal';
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
  open: boolean;
  /** The workflow to edit; null for a new one. */
  workflow: Workflow | null;
  onClose: () => void;
}

/**
 * Create Workflow and Edit Workflow: disabled until there is a name and at least one step (spec);
 * the server's reason for a refusal (a bad cron, a step's parameters: 400) shows inside the form.
 */
export function WorkflowFormModal({ open, workflow, onClose }: WorkflowFormModalProps) {
  const [createWorkflow] = useCreateWorkflowMutation();
  const [editWorkflow] = useEditWorkflowMutation();
  const { message } = App.useApp();

  const submit = async (values: WorkflowFormValues, { etag }: { etag: string | undefined }) => {
    const body = buildWorkflowBody(values);
    if (workflow) {
      await editWorkflow({ id: workflow.id, body, etag }).unwrap();
      message.success('Workflow updated');
    } else {
      const created = await createWorkflow(body).unwrap();
      message.success(`Workflow "${created.name}" created`);
    }
  };

  return (
    <FormModal<WorkflowFormValues>
      open={open}
      recordKey={workflow?.id}
      etag={workflow?.etag}
      title={workflow ? 'Edit Workflow' : 'Create Workflow'}
      okText={workflow ? 'Save Changes' : 'Create Workflow'}
      name={workflow ? 'edit-workflow' : 'create-workflow'}
      width={720}
      initialValues={workflow ? workflowFormValues(workflow) : NEW_WORKFLOW_VALUES}
      canSubmit={(values) => canSave(values.name, values.steps)}
      onSubmit={submit}
      onClose={onClose}
      errorFallback={workflow ? WORKFLOW_ERRORS.update : WORKFLOW_ERRORS.create}
      preserve={false}
    >
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
    </FormModal>
  );
}
