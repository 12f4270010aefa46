import type { Task } from '@sixa/contracts/browser';
import { App } from 'antd';
import { FormModal } from '../../shared/FormModal';
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
  open: boolean;
  /** The task to edit; null for a new one. */
  task: Task | null;
  onClose: () => void;
}

/**
 * Create Task and Edit Task: the submit button stays disabled until a title is typed (spec), and
 * the server's reason for a failure (a changed task: 409) shows inside the form, which stays open.
 */
export function TaskFormModal({ open, task, onClose }: TaskFormModalProps) {
  const [createTask] = useCreateTaskMutation();
  const [editTask] = useEditTaskMutation();
  const { message } = App.useApp();

  const submit = async (values: TaskFormValues, { etag }: { etag: string | undefined }) => {
    if (task) {
      await editTask({ id: task.id, body: buildEditTaskBody(values, task), etag }).unwrap();
      message.success('Task updated');
    } else {
      const created = await createTask(buildCreateTaskBody(values)).unwrap();
      message.success(`Task "${created.title}" created`);
    }
  };

  return (
    <FormModal<TaskFormValues>
      open={open}
      recordKey={task?.id}
      etag={task?.etag}
      title={task ? 'Edit Task' : 'Create New Task'}
      okText={task ? 'Save Changes' : 'Create Task'}
      name={task ? 'edit-task' : 'create-task'}
      initialValues={task ? taskFormValues(task) : NEW_TASK_VALUES}
      canSubmit={(values) => hasTitle(values.title)}
      onSubmit={submit}
      onClose={onClose}
      errorFallback={task ? TASK_ERRORS.update : TASK_ERRORS.create}
      preserve={false}
    >
      <TaskFormFields />
    </FormModal>
  );
}
