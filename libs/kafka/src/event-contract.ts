import { eventsOf, loadAsyncApiDocument, type AsyncApiDocument } from '@sixa/contracts';
import type { Message } from 'kafkajs';
import { appendFileSync } from 'node:fs';

/** One event published that its message in the AsyncAPI document does not accept. */
export interface ContractViolation {
  topic: string;
  type: string;
  id: string;
  /** Where in the envelope (a JSON Pointer, as ajv gives it; empty: the whole event). */
  path: string;
  message: string;
}

type Validate = ((value: unknown) => boolean) & {
  errors?: Array<{ instancePath: string; message?: string; params?: unknown }> | null;
};

/**
 * Checks every event this process publishes against the AsyncAPI document
 * (libs/contracts/asyncapi.json): its type is declared there, on the topic it goes to, and its
 * envelope matches that type's schema; the Kafka key is its subject. On only when
 * SIXA_EVENT_CONTRACT_CHECK names a file (`npm test` sets it): each violation is appended to it as
 * a line of JSON and the publish goes on; at the end of the run deploy/test.js fails listing them.
 * Unset (production), there is no check at all: the producer holds null and ajv is never loaded.
 *
 * Topics the document does not name (dead letters, a test's own topics) are not checked.
 */
export class EventContractCheck {
  private readonly events: ReturnType<typeof eventsOf>;
  private readonly topics: Set<string>;
  private compiled: Promise<(type: string) => Validate> | null = null;

  constructor(
    readonly file: string,
    private readonly doc: AsyncApiDocument = loadAsyncApiDocument(),
  ) {
    this.events = eventsOf(doc);
    this.topics = new Set(Object.values(doc.channels).map((c) => c.address));
  }

  static fromEnv(env: NodeJS.ProcessEnv = process.env): EventContractCheck | null {
    const file = env.SIXA_EVENT_CONTRACT_CHECK;
    return file ? new EventContractCheck(file) : null;
  }

  /** Checks the messages going to `topic` (as the contracts name it). Never throws or rejects. */
  async check(topic: string, messages: Message[]): Promise<void> {
    if (!this.topics.has(topic)) return;
    try {
      const validator = await (this.compiled ??= this.compile());
      for (const m of messages) for (const v of this.violations(topic, m, validator)) this.record(v);
    } catch (e) {
      this.record({ topic, type: '', id: '', path: '', message: `the check failed: ${(e as Error).message}` });
    }
  }

  private *violations(topic: string, m: Message, validator: (type: string) => Validate): Iterable<ContractViolation> {
    let event: { type?: unknown; id?: unknown; subject?: unknown };
    try {
      event = JSON.parse(String(m.value));
    } catch {
      yield { topic, type: '', id: '', path: '', message: 'not JSON' };
      return;
    }
    const type = typeof event?.type === 'string' ? event.type : '';
    const id = typeof event?.id === 'string' ? event.id : '';
    const declared = this.events.get(type);
    if (!declared) {
      yield { topic, type, id, path: '/type', message: 'not an event type of the AsyncAPI document' };
      return;
    }
    if (declared.topic !== topic)
      yield { topic, type, id, path: '', message: `published on ${topic}; the document puts it on ${declared.topic}` };
    const validate = validator(type);
    if (!validate(event))
      for (const e of validate.errors ?? [])
        yield {
          topic,
          type,
          id,
          path: e.instancePath,
          message: `${e.message ?? 'invalid'}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`,
        };
    if (m.key != null && String(m.key) !== event.subject)
      yield {
        topic,
        type,
        id,
        path: '/subject',
        message: `the Kafka key ${JSON.stringify(String(m.key))} is not the subject`,
      };
  }

  /** ajv, loaded only now, with the whole document as one schema: each message's payload by reference. */
  private async compile(): Promise<(type: string) => Validate> {
    const { default: Ajv } = await import('ajv');
    const { default: addFormats } = await import('ajv-formats');
    // Not strict: the document's other keywords (asyncapi, channels...) are not JSON Schema.
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv as never);
    ajv.addSchema(this.doc as object, 'asyncapi');
    const validators = new Map<string, Validate>();
    return (type) => {
      let validate = validators.get(type);
      if (!validate) {
        const pointer = encodeURIComponent(type);
        validate = ajv.compile({ $ref: `asyncapi#/components/messages/${pointer}/payload` }) as Validate;
        validators.set(type, validate);
      }
      return validate;
    };
  }

  private record(v: ContractViolation): void {
    try {
      appendFileSync(this.file, `${JSON.stringify(v)}\n`);
    } catch (e) {
      // A check never stops a publish; the violation still shows in the test's output.
      process.stderr.write(
        `event contract violation (not written to ${this.file}: ${(e as Error).message}): ${JSON.stringify(v)}\n`,
      );
    }
  }
}
