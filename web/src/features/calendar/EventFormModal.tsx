import type { CalendarEvent, CalendarEventSaved } from '@sixa/contracts/browser';
import { Alert, App, Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { errorMessage } from '../../shared/apiError';
import { FormModal } from '../../shared/FormModal';
import {
  useCreateCalendarEventMutation,
  useGetCalendarEventQuery,
  useUpdateCalendarEventMutation,
} from './calendarApi';
import { CALENDAR_ERRORS, CALENDAR_TEXT, formatConflict } from './eventLabels';
import {
  buildEventBody,
  eventToValues,
  fromLocalInput,
  hasRequiredEventFields,
  invalidAttendees,
  newEventValues,
  REMINDER_CHOICES,
  REPEAT_CHOICES,
  toLocalInput,
  type EventFormValues,
} from './eventPayloads';

/** What the modal is for: a new event from a start time, or an existing event (or an occurrence of one). */
export type EventEditor = { mode: 'create'; start: Date } | { mode: 'edit'; event: CalendarEvent };

interface EventFormModalProps {
  open: boolean;
  editor: EventEditor;
  onClose: () => void;
  onSaved: (event: CalendarEventSaved) => void;
}

const REPEAT_OPTIONS = [
  { value: 'none', label: 'Does not repeat' },
  ...REPEAT_CHOICES.map(({ value, label }) => ({ value, label })),
];
const REMINDER_OPTIONS = [{ value: 'none', label: 'No reminder' }, ...REMINDER_CHOICES];
const MAX_REPEATS = 730;

/**
 * 'Create New Event' / 'Edit Event' (spec): Create or Update stays disabled until title, start and
 * end are filled. Editing an occurrence of a series edits the series, filled from the series itself
 * (its form is made once the series has arrived). After Cancel or a save the next one starts from
 * the defaults again (spec: calendar edit mode).
 */
export function EventFormModal({ open, editor, onClose, onSaved }: EventFormModalProps) {
  const { message, notification } = App.useApp();
  const [createEvent] = useCreateCalendarEventMutation();
  const [updateEvent] = useUpdateCalendarEventMutation();

  const editing = editor.mode === 'edit' ? editor.event : null;
  const isSeries = Boolean(editing?.recurrence);
  // An occurrence carries its own times: the series' first start and its rule come from the server.
  const series = useGetCalendarEventQuery(editing?.id ?? '', {
    skip: !open || !isSeries,
    refetchOnMountOrArgChange: true,
  });
  const source = isSeries ? series.currentData : editing;
  const waiting = isSeries && !series.currentData && !series.error;

  const initialValues = useMemo(
    () => (editor.mode === 'create' ? newEventValues(editor.start) : source ? eventToValues(source) : undefined),
    [editor, source],
  );

  const submit = async (values: EventFormValues, { etag }: { etag: string | undefined }) => {
    const saved = editing
      ? await updateEvent({ id: editing.id, body: buildEventBody(values), etag }).unwrap()
      : await createEvent(buildEventBody(values)).unwrap();
    message.success(editing ? CALENDAR_TEXT.updated : CALENDAR_TEXT.created);
    if (saved.conflicts?.length) {
      notification.warning({
        title: `"${saved.title}" overlaps other events`,
        description: (
          <ul style={{ margin: 0, paddingInlineStart: 18 }}>
            {saved.conflicts.map((conflict) => (
              <li key={`${conflict.event_id}-${conflict.attendee}-${conflict.start_time}`}>
                {formatConflict(conflict)}
              </li>
            ))}
          </ul>
        ),
        placement: 'bottomLeft',
        duration: 12,
      });
    }
    onSaved(saved);
  };

  return (
    <FormModal<EventFormValues>
      open={open}
      recordKey={editing?.id}
      etag={source?.etag}
      title={editing ? 'Edit Event' : 'Create New Event'}
      okText={editing ? 'Update Event' : 'Create Event'}
      name="calendar-event"
      initialValues={initialValues}
      loading={waiting}
      canSubmit={hasRequiredEventFields}
      onSubmit={submit}
      onClose={onClose}
      errorFallback={editing ? CALENDAR_ERRORS.update : CALENDAR_ERRORS.create}
      errorHeadline
      preserve={false}
    >
      {isSeries ? <Alert type="info" showIcon title={CALENDAR_TEXT.seriesNote} style={{ marginBottom: 16 }} /> : null}
      {series.error ? (
        <Alert type="error" showIcon title={errorMessage(series.error, CALENDAR_ERRORS.series)} />
      ) : (
        <EventFields />
      )}
    </FormModal>
  );
}

/** A moved start keeps the event's length: the end moves with it. */
function useEndFollowsStart() {
  const form = Form.useFormInstance<EventFormValues>();
  const start = Form.useWatch('start', form);
  const last = useRef<string | undefined>(undefined);
  useEffect(() => {
    const before = fromLocalInput(last.current);
    const after = fromLocalInput(start);
    const oldEnd = fromLocalInput(form.getFieldValue('end') as string | undefined);
    if (start !== undefined) last.current = start;
    if (!before || !after || !oldEnd || oldEnd <= before || before.getTime() === after.getTime()) return;
    form.setFieldValue('end', toLocalInput(new Date(after.getTime() + (oldEnd.getTime() - before.getTime()))));
    void form.validateFields(['end']).catch(() => undefined);
  }, [form, start]);
}

function EventFields() {
  const form = Form.useFormInstance<EventFormValues>();
  const start = Form.useWatch('start', form);
  const repeat = Form.useWatch('repeat', form);
  const ends = Form.useWatch('ends', form);
  useEndFollowsStart();
  return (
    <>
      <Form.Item name="title" label="Title" rules={[{ max: 200, message: 'At most 200 characters' }]}>
        <Input placeholder="e.g. Weekly sales sync" autoComplete="off" />
      </Form.Item>
      <Form.Item name="description" label="Description">
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
      </Form.Item>
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item name="start" label="Start time">
            <Input type="datetime-local" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="end"
            label="End time"
            dependencies={['start']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_rule, value: string) => {
                  const from = fromLocalInput(getFieldValue('start') as string);
                  const to = fromLocalInput(value);
                  return from && to && to <= from
                    ? Promise.reject(new Error('The end must be after the start'))
                    : Promise.resolve();
                },
              }),
            ]}
          >
            <Input type="datetime-local" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="location" label="Location">
        <Input placeholder="Room, address or video link" />
      </Form.Item>
      <Form.Item
        name="attendees"
        label="Attendees"
        extra="E-mail addresses, separated by commas"
        rules={[
          {
            validator: (_rule, value: string) => {
              const wrong = invalidAttendees(value);
              return wrong.length
                ? Promise.reject(new Error(`Not an e-mail address: ${wrong.join(', ')}`))
                : Promise.resolve();
            },
          },
        ]}
      >
        <Input placeholder="alice@example.com, bob@example.com" autoComplete="off" />
      </Form.Item>
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item name="repeat" label="Repeat">
            <Select options={REPEAT_OPTIONS} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="reminder" label="Reminder">
            <Select options={REMINDER_OPTIONS} />
          </Form.Item>
        </Col>
      </Row>
      {repeat && repeat !== 'none' ? (
        <Row gutter={12}>
          <Col xs={24} sm={8}>
            <Form.Item name="interval" label="Every" rules={[{ required: true, message: 'How often?' }]}>
              <InputNumber
                min={1}
                max={99}
                precision={0}
                suffix={`${REPEAT_CHOICES.find((c) => c.value === repeat)?.unit ?? ''}(s)`}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item name="ends" label="Ends">
              <Select
                options={[
                  { value: 'count', label: 'After a number of times' },
                  { value: 'until', label: 'On a date' },
                ]}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            {ends === 'until' ? (
              <Form.Item name="until" label="Last date" rules={[{ required: true, message: 'Choose the last date' }]}>
                <Input type="date" min={typeof start === 'string' ? start.slice(0, 10) : undefined} />
              </Form.Item>
            ) : (
              <Form.Item name="count" label="Occurrences" rules={[{ required: true, message: 'How many times?' }]}>
                <InputNumber min={1} max={MAX_REPEATS} precision={0} suffix="times" style={{ width: '100%' }} />
              </Form.Item>
            )}
          </Col>
        </Row>
      ) : null}
    </>
  );
}
