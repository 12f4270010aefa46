import { screen, within } from '@testing-library/react';
import { employeeUser } from '../../../test/factories';
import { mockApi } from '../../../test/mockApi';
import { renderApp } from '../../../test/renderApp';

const employee = employeeUser();

describe('Notification e-mails in the sidebar', () => {
  it('shows how often the user is e-mailed and changes it to a digest', async () => {
    const api = mockApi({
      'GET /api/auth/me': { body: employee },
      'GET /api/auth/me/preferences': { body: { theme: 'light', notification_frequency: 'immediate' } },
      'PUT /api/auth/me/preferences': (call) => ({
        body: { theme: 'light', ...(call.body as object) },
      }),
    });
    const { user } = renderApp({ path: '/', signedInAs: employee });

    await user.click(await screen.findByRole('button', { name: 'Notification e-mails' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(await dialog.findByRole('radio', { name: /Immediately/ })).toBeChecked();
    await user.click(dialog.getByRole('radio', { name: /Daily digest/ }));

    expect(await screen.findByText('Notification e-mails: Daily digest')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/auth/me/preferences')[0]?.body).toEqual({ notification_frequency: 'daily' });
    expect(dialog.getByRole('radio', { name: /Daily digest/ })).toBeChecked();
    await user.click(dialog.getByRole('button', { name: 'Done' }));
  });

  it('says so when the choice is not saved, and keeps the one in force', async () => {
    mockApi({
      'GET /api/auth/me': { body: employee },
      'GET /api/auth/me/preferences': { body: { theme: 'light', notification_frequency: 'weekly' } },
      'PUT /api/auth/me/preferences': { status: 500, body: {} },
    });
    const { user } = renderApp({ path: '/', signedInAs: employee });

    await user.click(await screen.findByRole('button', { name: 'Notification e-mails' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(await dialog.findByRole('radio', { name: /Hourly digest/ }));

    expect(
      await screen.findByText('Your notification choice could not be saved. Please try again.'),
    ).toBeInTheDocument();
    expect(dialog.getByRole('radio', { name: /Weekly digest/ })).toBeChecked();
  });
});
