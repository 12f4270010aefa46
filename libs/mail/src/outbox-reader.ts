import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** A mail as written to the local outbox folder (see toEml). */
export interface OutboxMail {
  file: string;
  messageId: string;
  from: string;
  to: string;
  subject: string;
  body: string;
}

/** Reads back an .eml text that toEml wrote (headers, a blank line, the plain text body). */
export function parseEml(text: string, file = ''): OutboxMail {
  const split = text.indexOf('\r\n\r\n');
  const head = split < 0 ? text : text.slice(0, split);
  const body = split < 0 ? '' : text.slice(split + 4);
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return {
    file,
    messageId: headers.get('message-id') ?? '',
    from: headers.get('from') ?? '',
    to: headers.get('to') ?? '',
    subject: headers.get('subject') ?? '',
    body,
  };
}

/**
 * The mails in the local outbox folder (demo mode, no SMTP_URL), oldest first by name: what a
 * person reading the folder would find. An absent folder holds none.
 */
export async function readOutbox(dir: string): Promise<OutboxMail[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith('.eml')).sort();
  } catch (e) {
    if ((e as { code?: string }).code === 'ENOENT') return [];
    throw e;
  }
  const mails: OutboxMail[] = [];
  for (const name of names) {
    try {
      mails.push(parseEml(await readFile(join(dir, name), 'utf8'), join(dir, name)));
    } catch (e) {
      // Removed meanwhile (a test clearing the folder): not there, then.
      if ((e as { code?: string }).code !== 'ENOENT') throw e;
    }
  }
  return mails;
}
