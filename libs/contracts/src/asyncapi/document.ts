import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The AsyncAPI 3.0 document of every topic and event type: `libs/contracts/asyncapi.json`, generated
 * from the event map (`npm run contracts`, see generate.ts) and committed. The gateway serves it at
 * GET /api/docs/asyncapi.json; with SIXA_EVENT_CONTRACT_CHECK every event published is checked against it.
 */
export const ASYNCAPI_DOCUMENT_PATH = path.resolve(__dirname, '..', '..', 'asyncapi.json');

/** A JSON Schema (draft 07, as AsyncAPI schemas are), as plain JSON. */
export type JsonSchema = { [keyword: string]: unknown } | boolean;

export interface AsyncApiRef {
  $ref: string;
}

/** One event type: the CloudEvents structured envelope carrying that type's data. */
export interface AsyncApiMessage {
  /** The event type (`lead.created`). */
  name: string;
  title: string;
  summary?: string;
  description?: string;
  contentType: string;
  payload: JsonSchema;
  bindings?: Record<string, unknown>;
}

/** One topic, by its name as the contracts give it (without the deployment's namespace). */
export interface AsyncApiChannel {
  address: string;
  title: string;
  description: string;
  messages: Record<string, AsyncApiRef>;
}

export interface AsyncApiOperation {
  action: 'send' | 'receive';
  channel: AsyncApiRef;
  title?: string;
  summary?: string;
  messages: AsyncApiRef[];
}

export interface AsyncApiDocument {
  asyncapi: string;
  info: { title: string; version: string; description?: string };
  defaultContentType?: string;
  channels: Record<string, AsyncApiChannel>;
  operations: Record<string, AsyncApiOperation>;
  components: { messages: Record<string, AsyncApiMessage>; schemas: Record<string, JsonSchema> };
}

let loaded: AsyncApiDocument | null = null;

/** The committed document, read once. */
export function loadAsyncApiDocument(): AsyncApiDocument {
  loaded ??= JSON.parse(readFileSync(ASYNCAPI_DOCUMENT_PATH, 'utf8')) as AsyncApiDocument;
  return loaded;
}

/** The JSON Pointer of `#/a/b~1c` as its keys (`a`, `b/c`). */
function pointerKeys(ref: string): string[] {
  if (!ref.startsWith('#/')) throw new Error(`only references inside the document are followed: ${ref}`);
  return ref
    .slice(2)
    .split('/')
    .map((k) => decodeURIComponent(k).replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** What a `#/...` reference points at in `doc`. */
export function resolveRef<T = unknown>(doc: unknown, ref: string): T {
  let at: unknown = doc;
  for (const key of pointerKeys(ref)) {
    if (typeof at !== 'object' || at === null || !(key in at)) throw new Error(`${ref} points at nothing`);
    at = (at as Record<string, unknown>)[key];
  }
  return at as T;
}

/** A `#/...` reference to `keys` (each escaped as JSON Pointer asks). */
export function refTo(...keys: string[]): string {
  return `#/${keys.map((k) => k.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;
}

/** Each event type the document declares, with its topic and its message. */
export function eventsOf(doc: AsyncApiDocument): Map<string, { topic: string; message: AsyncApiMessage }> {
  const events = new Map<string, { topic: string; message: AsyncApiMessage }>();
  for (const channel of Object.values(doc.channels))
    for (const ref of Object.values(channel.messages)) {
      const message = resolveRef<AsyncApiMessage>(doc, ref.$ref);
      events.set(message.name, { topic: channel.address, message });
    }
  return events;
}
