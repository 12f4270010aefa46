import { toEml } from './mail-delivery';
import { parseEml } from './outbox-reader';

describe(parseEml.name, () => {
  it('reads back the headers and the body of a mail written to the outbox', () => {
    const body = 'Hello Ada,\n\nChoose a new password here:\n\nhttps://sixa.example.com/reset-password/abc\n';
    const eml = toEml('SIXA <no-reply@localhost>', { to: 'ada@example.com', subject: 'Reset', body }, '<k@auth.sixa>');
    expect(parseEml(eml, 'f.eml')).toEqual({
      file: 'f.eml',
      messageId: '<k@auth.sixa>',
      from: 'SIXA <no-reply@localhost>',
      to: 'ada@example.com',
      subject: 'Reset',
      body,
    });
  });
});
