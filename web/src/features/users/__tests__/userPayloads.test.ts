import { buildCreateBody, buildUpdateBody } from '../userPayloads';

describe('user payloads', () => {
  const values = { name: '  Grace Hopper ', email: ' grace@sixa.local ', role: 'admin' as const, password: '' };

  it('sends name, email, password and role on create, trimmed', () => {
    expect(buildCreateBody({ ...values, password: 'Secret123!' })).toEqual({
      name: 'Grace Hopper',
      email: 'grace@sixa.local',
      password: 'Secret123!',
      role: 'admin',
    });
  });

  it('leaves out a blank password on edit', () => {
    expect(buildUpdateBody(values, false)).toEqual({ name: 'Grace Hopper', email: 'grace@sixa.local', role: 'admin' });
  });

  it('leaves out the role when admins edit themselves', () => {
    expect(buildUpdateBody({ ...values, password: 'NewSecret1!' }, true)).toEqual({
      name: 'Grace Hopper',
      email: 'grace@sixa.local',
      password: 'NewSecret1!',
    });
  });
});
