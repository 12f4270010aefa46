import { StyleProvider } from '@ant-design/cssinjs';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Input } from 'antd';
import { useState } from 'react';
import { deferredReply, mockApi } from '../../test/mockApi';
import type { ApiError } from '../apiError';
import { FormModal } from '../FormModal';
import { editRequest } from '../revision';
import { useFormDialog } from '../useFormDialog';

interface Thing {
  id: string;
  name: string;
  email: string;
  etag: string;
}

const ada: Thing = { id: 'thing-a', name: 'Ada', email: 'ada@example.com', etag: 'W/"a-1"' };
const bob: Thing = { id: 'thing-b', name: 'Bob', email: 'bob@example.com', etag: 'W/"b-7"' };

type ThingValues = Pick<Thing, 'name' | 'email'>;

/** Saves as the screens do: PUT with If-Match from the form's revision tag; the server's detail on a refusal. */
async function save(id: string | undefined, values: ThingValues, etag: string | undefined) {
  const request = editRequest(id ? `/api/things/${id}` : '/api/things', { body: values, etag }, id ? 'PUT' : 'POST');
  const res = await fetch(request.url, {
    method: request.method,
    headers: { 'content-type': 'application/json', ...request.headers },
    body: JSON.stringify(request.body),
  });
  if (!res.ok) {
    const error: ApiError = {
      status: res.status,
      message: ((await res.json()) as { detail: string }).detail,
      notify: false,
    };
    throw error;
  }
}

/** A list of things with Edit on each and a Create, as a screen has them. */
function ThingsScreen({ initial }: { initial: Thing[] }) {
  const [things, setThings] = useState(initial);
  const dialog = useFormDialog<Thing | null>(null);
  const thing = dialog.target;
  return (
    <>
      {things.map((t) => (
        <button key={t.id} type="button" onClick={() => dialog.show(t)}>
          Edit {t.name}
        </button>
      ))}
      <button type="button" onClick={() => dialog.show(null)}>
        Create
      </button>
      {/* Another tab saved Bob: the list now holds his next revision. */}
      <button type="button" onClick={() => setThings((all) => all.map((t) => ({ ...t, etag: `${t.etag}+1` })))}>
        Refresh
      </button>
      <FormModal<ThingValues>
        open={dialog.open}
        recordKey={thing?.id}
        etag={thing?.etag}
        title={thing ? 'Edit Thing' : 'New Thing'}
        okText="Save"
        name="thing"
        initialValues={thing ? { name: thing.name, email: thing.email } : {}}
        canSubmit={(values) => Boolean(values.name?.trim() && values.email?.trim())}
        onSubmit={(values, { etag }) => save(thing?.id, values, etag)}
        onClose={dialog.close}
        errorFallback="Could not save the thing"
      >
        <Form.Item label="Name" name="name">
          <Input />
        </Form.Item>
        <Form.Item label="Email" name="email">
          <Input />
        </Form.Item>
      </FormModal>
    </>
  );
}

const styles = document.createElement('div');

/**
 * As in production: without StrictMode, whose extra unmount and mount of every effect in development
 * resets antd's form store and so hides the very defect (a store kept from one record to the next).
 */
function renderScreen(things: Thing[] = [ada, bob]) {
  const user = userEvent.setup({ delay: null });
  render(
    <StyleProvider container={styles}>
      <ThingsScreen initial={things} />
    </StyleProvider>,
  );
  return user;
}

async function openDialog(title: string) {
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText(title)).toBeInTheDocument();
  return within(dialog);
}

const closed = () => waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

describe(FormModal.name, () => {
  it.each([
    ['Cancel', 'Cancel'],
    ['the x button', 'Close'],
    ['Esc', 'Escape'],
  ])("shows B's values when B is edited after A's form was closed by %s", async (_how, closer) => {
    mockApi();
    const user = renderScreen();

    await user.click(screen.getByRole('button', { name: 'Edit Ada' }));
    let dialog = await openDialog('Edit Thing');
    expect(dialog.getByLabelText('Name')).toHaveValue('Ada');
    await user.type(dialog.getByLabelText('Name'), ' Lovelace');
    if (closer === 'Escape') await user.keyboard('{Escape}');
    else await user.click(dialog.getByRole('button', { name: closer }));
    await closed();

    await user.click(screen.getByRole('button', { name: 'Edit Bob' }));
    dialog = await openDialog('Edit Thing');
    expect(dialog.getByLabelText('Name')).toHaveValue('Bob');
    expect(dialog.getByLabelText('Email')).toHaveValue('bob@example.com');
  });

  it('opens Create empty after an edit was saved, its submit waiting for the required fields', async () => {
    const api = mockApi({ 'PUT /api/things/thing-a': { body: ada } });
    const user = renderScreen();

    await user.click(screen.getByRole('button', { name: 'Edit Ada' }));
    let dialog = await openDialog('Edit Thing');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await closed();
    expect(api.callsTo('PUT /api/things/thing-a')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Create' }));
    dialog = await openDialog('New Thing');
    expect(dialog.getByLabelText('Name')).toHaveValue('');
    expect(dialog.getByLabelText('Email')).toHaveValue('');
    expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(dialog.getByLabelText('Name'), 'Cy');
    expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(dialog.getByLabelText('Email'), 'cy@example.com');
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Save' })).toBeEnabled());
  });

  it("sends B's values with If-Match of B after A was edited and closed, and only to B", async () => {
    const api = mockApi({ 'PUT /api/things/thing-b': { body: bob } });
    const user = renderScreen();

    await user.click(screen.getByRole('button', { name: 'Edit Ada' }));
    let dialog = await openDialog('Edit Thing');
    await user.type(dialog.getByLabelText('Email'), '.uk');
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await closed();
    await user.click(screen.getByRole('button', { name: 'Edit Bob' }));
    dialog = await openDialog('Edit Thing');
    await user.clear(dialog.getByLabelText('Name'));
    await user.type(dialog.getByLabelText('Name'), 'Robert');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await closed();

    const [put] = api.callsTo('PUT /api/things/thing-b');
    expect(put.headers.get('If-Match')).toBe('W/"b-7"');
    expect(put.body).toEqual({ name: 'Robert', email: 'bob@example.com' });
    expect(api.calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
  });

  it('keeps the revision tag the form was made with, though the list meanwhile holds a newer one', async () => {
    const api = mockApi({ 'PUT /api/things/thing-b': { status: 409, body: { detail: 'Bob was changed meanwhile' } } });
    const user = renderScreen();

    await user.click(screen.getByRole('button', { name: 'Edit Bob' }));
    const dialog = await openDialog('Edit Thing');
    await user.click(screen.getByRole('button', { name: 'Refresh', hidden: true }));
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await dialog.findByText('Bob was changed meanwhile')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/things/thing-b')[0].headers.get('If-Match')).toBe('W/"b-7"');
    expect(dialog.getByLabelText('Name')).toHaveValue('Bob');
  });

  it("submits with Enter, shows the save in progress, and the server's reason inside the form", async () => {
    const reply = deferredReply();
    const api = mockApi({ 'PUT /api/things/thing-a': reply.handler });
    const user = renderScreen();

    await user.click(screen.getByRole('button', { name: 'Edit Ada' }));
    const dialog = await openDialog('Edit Thing');
    await user.type(dialog.getByLabelText('Email'), '{Enter}');
    await waitFor(() => expect(api.callsTo('PUT /api/things/thing-a')).toHaveLength(1));
    await waitFor(() => expect(dialog.getByRole('button', { name: /Save/ })).toHaveClass('ant-btn-loading'));

    reply.release({ status: 409, body: { detail: 'That email belongs to another thing' } });
    expect(await dialog.findByRole('alert')).toHaveTextContent('That email belongs to another thing');
    expect(dialog.getByRole('button', { name: 'Save' })).not.toHaveClass('ant-btn-loading');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
