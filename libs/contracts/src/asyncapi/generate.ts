import path from 'node:path';
import { createGenerator } from 'ts-json-schema-generator';
import { EVENT_TOPICS, TOPICS, type EventType, type Topic } from '../events';
import {
  refTo,
  type AsyncApiChannel,
  type AsyncApiDocument,
  type AsyncApiMessage,
  type AsyncApiOperation,
  type JsonSchema,
} from './document';

/**
 * The AsyncAPI document made from the event map: `npm run contracts` writes it to
 * libs/contracts/asyncapi.json (deploy/contracts.js), and a test checks that the committed file is
 * what the types give. Nothing here is written by hand but the topics' descriptions below: each
 * message's schema is `EventEnvelopeOf<K>` as ts-json-schema-generator reads it from the sources
 * (the named types it uses go to components.schemas), and each message sits on EVENT_TOPICS[K].
 */

const CONTRACTS = path.resolve(__dirname, '..', '..');

/** What each topic carries, for the people who subscribe to it. */
const TOPIC_DESCRIPTIONS: Record<Topic, string> = {
  'auth.events.v1': 'Users, their sessions and their preferences (auth).',
  'crm.events.v1': "Leads, quotes and products (crm), and crm's answers to lead-status commands and imports.",
  'work.events.v1':
    'Tasks, the team, the calendar and workflows (work), and the lead-status commands its workflows send to crm.',
  'documents.events.v1': 'Document templates, categories, documents and their signatures (documents).',
  'integrations.events.v1': 'Connections to outside platforms, their syncs, and the pages of records they import.',
  'settings.events.v1': 'Security policy, system and AI settings, and the commands of business rules (settings).',
  'assistant.events.v1': 'The changes the assistant made, or tried to make, for a user.',
  'monitoring.events.v1': 'Alerts raised, acknowledged and resolved (monitoring).',
  'monitoring.status.v1': "One sample of the platform's health every 10 s: a measurement, not a domain event.",
  'gateway.presence.v1': "The gateway's sightings of signed-in users, at most one per user per minute.",
};

const NAMESPACE_NOTE =
  "On the brokers the topic carries the deployment's namespace: `<KAFKA_NAMESPACE>.<address>` " +
  '(libs/kafka/src/namespace.ts), or the address as it is when KAFKA_NAMESPACE is empty. ' +
  "Each message's Kafka key is the event's `subject`, so one subject's events keep their order.";

const DESCRIPTION = [
  "Every Kafka topic of the SIXA workspace and every event type published on it. Each message is a CloudEvents 1.0 structured envelope (JSON): `type` names the event type, `data` holds that type's data.",
  '',
  "Made from the event map in libs/contracts (`npm run contracts`), so it says what the services publish. Topic addresses are as the contracts name them; on the brokers each carries the deployment's KAFKA_NAMESPACE as a prefix (`<namespace>.crm.events.v1`) when one is set.",
  '',
  'Compatibility within a major version: new event types, new topics and new optional fields may appear. Consumers ignore event types and fields they do not know; everything else they may rely on. Removing or moving an event type or a topic, removing a field, changing its type, format or allowed values (adding an enum value too: it breaks an exhaustive switch), or making a field required is a breaking change and comes with a new major version.',
].join('\n');

/** A definition's name as a components.schemas key (`^[\w.-]+$`). */
const schemaKey = (definition: string) => decodeURIComponent(definition).replace(/[^\w.-]+/g, '_');

/** The schema with its `#/definitions/X` references pointing at components.schemas. */
function repointed(schema: unknown): any {
  if (Array.isArray(schema)) return schema.map(repointed);
  if (typeof schema !== 'object' || schema === null) return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) =>
      key === '$ref' && typeof value === 'string' && value.startsWith('#/definitions/')
        ? [key, refTo('components', 'schemas', schemaKey(value.slice('#/definitions/'.length)))]
        : [key, repointed(value)],
    ),
  );
}

/** Each event type's envelope as JSON Schema, and the named types they use. */
function envelopeSchemas(): {
  envelopes: Map<EventType, Record<string, unknown>>;
  schemas: Record<string, JsonSchema>;
} {
  const generator = createGenerator({
    path: path.join(CONTRACTS, 'src', 'asyncapi', 'envelopes.ts'),
    tsconfig: path.join(CONTRACTS, 'tsconfig.json'),
    type: 'EventEnvelopes',
    expose: 'export',
    topRef: true,
    jsDoc: 'extended',
    additionalProperties: false,
    // `tsc -b` type-checks these sources; the generator only reads them.
    skipTypeCheck: true,
  });
  const definitions = (generator.createSchema('EventEnvelopes').definitions ?? {}) as Record<string, any>;
  const root = definitions.EventEnvelopes as { properties: Record<string, { $ref: string }> };
  const envelopes = new Map<EventType, Record<string, unknown>>();
  const envelopeNames = new Set(['EventEnvelopes']);
  for (const [type, { $ref }] of Object.entries(root.properties)) {
    const name = decodeURIComponent($ref.slice('#/definitions/'.length));
    envelopeNames.add(name);
    envelopes.set(type as EventType, repointed(definitions[name]));
  }
  const schemas: Record<string, JsonSchema> = {};
  for (const [name, schema] of Object.entries(definitions))
    if (!envelopeNames.has(decodeURIComponent(name))) schemas[schemaKey(name)] = repointed(schema);
  return { envelopes, schemas };
}

/** The channel id of a topic: its key in TOPICS (`crm`, `monitoringStatus`). */
const channelIds = new Map<Topic, string>(Object.entries(TOPICS).map(([id, topic]) => [topic, id]));

/** The AsyncAPI 3.0 document of every topic and event type, as version `version`. */
export function generateAsyncApi(version: string): AsyncApiDocument {
  const { envelopes, schemas } = envelopeSchemas();
  const channels: Record<string, AsyncApiChannel> = {};
  const operations: Record<string, AsyncApiOperation> = {};
  const messages: Record<string, AsyncApiMessage> = {};
  for (const [id, topic] of Object.entries(TOPICS)) {
    channels[id] = {
      address: topic,
      title: topic,
      description: `${TOPIC_DESCRIPTIONS[topic]}\n\n${NAMESPACE_NOTE}`,
      messages: {},
    };
    operations[`${id}.send`] = {
      action: 'send',
      channel: { $ref: refTo('channels', id) },
      title: `Publish on ${topic}`,
      summary: `The services publish these events on ${topic}.`,
      messages: [],
    };
  }
  for (const [type, envelope] of envelopes) {
    const data = (envelope.properties as Record<string, { description?: string }>).data;
    messages[type] = {
      name: type,
      title: type,
      ...(data.description ? { summary: data.description } : {}),
      contentType: 'application/cloudevents+json',
      payload: envelope,
      bindings: {
        kafka: {
          key: { type: 'string', description: "The event's subject (the id of the record it is about)." },
          bindingVersion: '0.5.0',
        },
      },
    };
    const channel = channelIds.get(EVENT_TOPICS[type])!;
    channels[channel]!.messages[type] = { $ref: refTo('components', 'messages', type) };
    operations[`${channel}.send`]!.messages.push({ $ref: refTo('channels', channel, 'messages', type) });
  }
  return {
    asyncapi: '3.0.0',
    info: { title: 'SIXA workspace events', version, description: DESCRIPTION },
    defaultContentType: 'application/json',
    channels,
    operations,
    components: { messages, schemas },
  };
}

/**
 * The document as the committed file holds it: JSON with two-space indents (a generated file,
 * left alone by prettier like package-lock.json).
 */
export function formatAsyncApi(doc: AsyncApiDocument): string {
  return `${JSON.stringify(doc, null, 2)}\n`;
}
