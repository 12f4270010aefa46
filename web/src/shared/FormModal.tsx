import { Button, Form, Modal, Skeleton, type FormInstance } from 'antd';
import { createContext, useContext, useState, type ReactNode } from 'react';
import { FormError } from './FormError';
import { ETAG_FIELD } from './revision';
import { useOpeningKey } from './useOpeningKey';

/** What a save gets besides the values: the revision tag the form was made with, and the form. */
export interface SubmitContext<V> {
  /** The edited record's revision tag as it was when its form was made (send it as If-Match). */
  etag: string | undefined;
  form: FormInstance<V>;
}

export interface FormModalProps<V extends object> {
  open: boolean;
  /**
   * The record being edited (its id), or nothing for a new one. The form is made anew for every
   * opening and every record: nothing typed into one, nor any value of another record, is carried over.
   */
  recordKey?: string | null;
  /** The edited record's revision tag: kept in the form from its making, and given to onSubmit. */
  etag?: string;
  title: ReactNode;
  okText: string;
  cancelText?: string;
  /** The form's name, which prefixes its fields' ids (`edit-user_name`). */
  name: string;
  width?: number;
  /** What the form starts from; read once, when the form is made for an opening. */
  initialValues?: Partial<V>;
  /** Whether what is typed is enough to send (the required fields are filled): the submit button waits for it. */
  canSubmit?: (values: Partial<V>) => boolean;
  /**
   * Saves. The dialog closes once it resolves; if it rejects, the reason (the server's detail, else
   * `errorFallback`) shows inside the form, which stays open for a correction. The values are the
   * whole form's (every field of this opening, shown or not).
   */
  onSubmit: (values: V, context: SubmitContext<V>) => Promise<unknown>;
  onClose: () => void;
  errorFallback: string;
  /** The fallback as the error's headline with the server's reason under it, rather than the reason alone. */
  errorHeadline?: boolean;
  /** The record is still being read: a skeleton; the form is made once it has arrived. */
  loading?: boolean;
  /** Drop the values of fields that are no longer shown (antd's Form `preserve={false}`). */
  preserve?: boolean;
  onValuesChange?: (changed: Partial<V>, all: V, form: FormInstance<V>) => void;
  /** The fields. Components among them reach the form with Form.useFormInstance / Form.useWatch. */
  children: ReactNode;
}

interface SessionState {
  canSubmit: boolean;
  saving: boolean;
  error: unknown;
}

const Session = createContext<SessionState>({ canSubmit: false, saving: false, error: null });

/**
 * The one create/edit dialog of the client. Each opening (and each record) gets a form of its own:
 * the form is mounted under a key of the record and the opening, so antd's form store (which would
 * otherwise keep the last record's values over the next one's) is new every time. The submit button
 * waits for the required fields and shows the save in progress; Enter in a field submits; the
 * server's reason for a refusal shows inside the form; Cancel, x and Esc close without saving.
 */
export function FormModal<V extends object>(props: FormModalProps<V>) {
  const opening = useOpeningKey(props.open, props.recordKey ?? '');
  const cancelText = props.cancelText ?? 'Cancel';
  return (
    <Modal
      open={props.open}
      title={props.title}
      width={props.width}
      onCancel={props.onClose}
      destroyOnHidden
      footer={<SubmitButtons okText={props.okText} cancelText={cancelText} onCancel={props.onClose} />}
      modalRender={(dom) =>
        props.loading ? (
          dom
        ) : (
          <FormSession<V> key={opening} {...props}>
            {dom}
          </FormSession>
        )
      }
    >
      {props.loading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <>
          <SessionError fallback={props.errorFallback} headline={props.errorHeadline} />
          {props.children}
        </>
      )}
    </Modal>
  );
}

function SubmitButtons({ okText, cancelText, onCancel }: { okText: string; cancelText: string; onCancel: () => void }) {
  const { canSubmit, saving } = useContext(Session);
  return (
    <>
      <Button onClick={onCancel}>{cancelText}</Button>
      <Button type="primary" htmlType="submit" disabled={!canSubmit} loading={saving}>
        {okText}
      </Button>
    </>
  );
}

function SessionError({ fallback, headline }: { fallback: string; headline?: boolean }) {
  const { error } = useContext(Session);
  return <FormError error={error} fallback={fallback} headline={headline} />;
}

/** One opening's form: its store, its save in progress and its last error. */
function FormSession<V extends object>({ children, ...props }: FormModalProps<V>) {
  const [form] = Form.useForm<V>();
  // Read once: the values and the revision of the record this form is made for.
  const [initialValues] = useState(() =>
    props.etag === undefined ? { ...props.initialValues } : { ...props.initialValues, [ETAG_FIELD]: props.etag },
  );
  const values = Form.useWatch((all: Partial<V>) => all, { form, preserve: true });
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const canSubmit = !props.canSubmit || props.canSubmit((values ?? initialValues) as Partial<V>);

  const submit = async () => {
    if (saving || !canSubmit) return;
    const { [ETAG_FIELD]: etag, ...typed } = form.getFieldsValue(true) as V & { [ETAG_FIELD]?: string };
    setSaving(true);
    setError(null);
    try {
      await props.onSubmit(typed as V, { etag, form });
      props.onClose();
    } catch (e) {
      setError(e);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Session.Provider value={{ canSubmit, saving, error }}>
      <Form<V>
        form={form}
        name={props.name}
        layout="vertical"
        requiredMark={false}
        initialValues={initialValues as V}
        preserve={props.preserve}
        onValuesChange={props.onValuesChange ? (changed, all) => props.onValuesChange?.(changed, all, form) : undefined}
        onFinish={() => void submit()}
      >
        <Form.Item name={ETAG_FIELD} noStyle>
          <input type="hidden" />
        </Form.Item>
        {children}
      </Form>
    </Session.Provider>
  );
}
