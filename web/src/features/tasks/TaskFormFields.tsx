import {
  TASK_DESCRIPTION_MAX,
  TASK_PRIORITIES,
  TASK_TAG_MAX,
  TASK_TAGS_MAX,
  TASK_TITLE_MAX,
} from '@sixa/contracts/browser';
import { Col, DatePicker, Form, Input, Row, Select } from 'antd';
import { AssigneeField } from './AssigneeField';
import { PRIORITY_LABELS } from './taskLabels';

const PRIORITY_OPTIONS = TASK_PRIORITIES.map((priority) => ({ value: priority, label: PRIORITY_LABELS[priority] }));

/** The fields of the Create Task and Edit Task forms (limits as the server's CreateTaskDto). */
export function TaskFormFields() {
  return (
    <>
      <Form.Item
        label="Title"
        name="title"
        rules={[{ required: true, whitespace: true, message: 'Please enter a title' }]}
      >
        <Input maxLength={TASK_TITLE_MAX} autoComplete="off" placeholder="What needs doing?" />
      </Form.Item>
      <Form.Item label="Description" name="description">
        <Input.TextArea rows={3} maxLength={TASK_DESCRIPTION_MAX} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item label="Priority" name="priority">
            <Select options={PRIORITY_OPTIONS} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item label="Due date" name="due_date">
            <DatePicker
              style={{ width: '100%' }}
              format="YYYY-MM-DD"
              placeholder="No due date"
              // Enter takes the typed day; it does not also submit the form.
              onKeyDown={(event) => {
                if (event.key === 'Enter') event.preventDefault();
              }}
            />
          </Form.Item>
        </Col>
      </Row>
      <AssigneeField />
      <Form.Item
        label="Tags"
        name="tags"
        rules={[
          { type: 'array', max: TASK_TAGS_MAX, message: `At most ${TASK_TAGS_MAX} tags` },
          {
            validator: (_, tags: string[] | undefined) =>
              (tags ?? []).every((tag) => tag.trim().length <= TASK_TAG_MAX)
                ? Promise.resolve()
                : Promise.reject(new Error(`A tag is at most ${TASK_TAG_MAX} characters`)),
          },
        ]}
      >
        <Select
          mode="tags"
          tokenSeparators={[',']}
          open={false}
          suffixIcon={null}
          placeholder="Type a tag, then Enter"
        />
      </Form.Item>
    </>
  );
}
