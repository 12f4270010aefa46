import type { Task } from '@sixa/contracts';
import { App, Form, Modal } from 'antd';
import { FormError } from '../../shared/FormError';
import {
  buildCreateTaskBody,
  buildEditTaskBody,
  hasTitle,
  NEW_TASK_VALUES,
  taskFormValues,
  type TaskFormValues,
} from './taskPayloads';
import { TASK_ERRORS, useCreateTaskMutation, useEditTaskMutation } from './tasksApi';
import { TaskFormFields } from './TaskFormFields';

interface TaskFormModalProps {
  /** 'create' for a new task; a task to edit it; null when closed. */
  target: 'create' | Task | null;
  onClose: () => void;
}

/**
 * Create Task and Edit Task: the submit button stays disabled until a title is typed (spec), and
 * the server's reason for a failure (a changed task: 409) shows inside the form, which stays open.
 */
export function TaskFormModal({ target, onClose }: TaskFormModalProps) {
  const [form] = Form.useForm<TaskFormValues>();
  const title = Form.useWatch('title', form);
  const [createTask, created] = useCreateTaskMutation();
  const [editTask, edited] = useEditTaskMutation();
  const { message } = App.useApp();
  const editing = target !== null && target !== 'create' ? target : null;
  const state = editing ? edited : created;

  const close = () => {
    created.reset();
    edited.reset();
    onClose();
  };

  const submit = async (values: TaskFormValues) => {
    try {
      if (editing) {
        await editTask({ id: editing.id, body: buildEditTaskBody(values, editing) }).unwrap();
        message.success('Task updated');
      } else {
        const task = await createTask(buildCreateTaskBody(values)).unwrap();
        message.success(`Task "${task.title}" created`);
      }
      close();
    } catch {
      // The reason is shown inside the form; it stays open for a correction.
    }
  };

  return (
    <Modal
      open={target !== null}
      title={editing ? 'Edit Task' : 'Create New Task'}
      okText={editing ? 'Save Changes' : 'Create Task'}
      onCancel={close}
      destroyOnHidden
      okButtonProps={{ htmlType: 'submit', disabled: !hasTitle(title), loading: state.isLoading }}
      modalRender={(dom) => (
        <Form
          key={editing?.id ?? 'create'}
          form={form}
          name={editing ? 'edit-task' : 'create-task'}
          layout="vertical"
          requiredMark={false}
          initialValues={editing ? taskFormValues(editing) : NEW_TASK_VALUES}
          onFinish={submit}
          preserve={false}
        >
          {dom}
        </Form>
      )}
    >
      <FormError error={state.error} fallback={editing ? TASK_ERRORS.update : TASK_ERRORS.create} />
      <TaskFormFields />
    </Modal>
  );
}
