import type { TaskAssignee } from '@sixa/contracts/browser';
import { AutoComplete, Flex, Form, Input, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { TaskFormValues } from './taskPayloads';
import { useGetAssigneesQuery } from './tasksApi';

/** How long typing pauses before the suggestions are asked for. */
const SUGGEST_DELAY_MS = 250;

interface AssigneeOption {
  key: string;
  value: string;
  label: ReactNode;
  member: TaskAssignee;
}

/**
 * The assignee: any name (the spec's free text), with team members suggested as one types.
 * Choosing a suggestion links the task to that member (`assignee_id`); typing over it unlinks it.
 */
export function AssigneeField() {
  const form = Form.useFormInstance<TaskFormValues>();
  const text: string = Form.useWatch('assigned_to', form) ?? '';
  const linked = Boolean(Form.useWatch('assignee_id', form));
  const chosen = useRef<{ id: string; name: string } | null>(null);
  const [active, setActive] = useState(false);
  const [query, setQuery] = useState(text);

  // The member the form was opened with (Edit) counts as chosen until the name changes.
  useEffect(() => {
    const id = form.getFieldValue('assignee_id') as string | null | undefined;
    const name = form.getFieldValue('assigned_to') as string | undefined;
    chosen.current = id ? { id, name: name ?? '' } : null;
  }, [form]);

  useEffect(() => {
    const timer = setTimeout(() => setQuery(text), SUGGEST_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);

  // Asked for once the field is used: opening the form costs no request.
  const { data: members } = useGetAssigneesQuery(query, { skip: !active });
  const options = useMemo<AssigneeOption[]>(
    () =>
      (members ?? []).map((member) => ({
        key: member.id,
        value: member.name,
        member,
        label: (
          <Flex justify="space-between" gap="small" style={{ minWidth: 0 }}>
            <Typography.Text ellipsis>{member.name}</Typography.Text>
            <Typography.Text type="secondary" style={{ flexShrink: 0 }}>
              {member.department}
            </Typography.Text>
          </Flex>
        ),
      })),
    [members],
  );

  const onChange = (value: string) => {
    if (chosen.current && value !== chosen.current.name) {
      chosen.current = null;
      form.setFieldValue('assignee_id', null);
    }
  };

  const onSelect = (_value: string, option: AssigneeOption) => {
    chosen.current = { id: option.member.id, name: option.member.name };
    form.setFieldValue('assignee_id', option.member.id);
  };

  return (
    <>
      <Form.Item
        label="Assignee"
        name="assigned_to"
        extra={linked ? 'A member of the team' : 'Type any name, or choose a team member'}
      >
        <AutoComplete<string, AssigneeOption>
          options={options}
          onFocus={() => setActive(true)}
          onChange={onChange}
          onSelect={onSelect}
          placeholder="Who does it?"
          allowClear
        />
      </Form.Item>
      <Form.Item name="assignee_id" hidden>
        <Input />
      </Form.Item>
    </>
  );
}
