import { isEventEnvelope, type EventEnvelope } from '@sixa/contracts';
import { KafkaLifecycle, KafkaNamespace } from '@sixa/kafka';
import { Kafka, logLevel } from 'kafkajs';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';

/**
 * This test file's Kafka namespace: the services it starts (their KAFKA_NAMESPACE) and its event
 * recorders read and write their own topics and groups, never another file's, though the run shares
 * one Kafka. Jest loads this module once per test file, so each file has one of its own; a file that
 * wants a deployment apart from its own (two products on one Kafka) asks `uniqueNamespace()`.
 */
const NAMESPACE = uniqueNamespace();

/** A Kafka namespace no other test uses. */
export function uniqueNamespace(): string {
  return `t${Date.now().toString(36)}${randomUUID().slice(0, 6)}`;
}

/** The infrastructure of this test run (see jest-global-setup.js), and this file's Kafka namespace. */
export function infra(): { brokers: string[]; mongoUrl: string; namespace: string } {
  const brokers = process.env.KAFKA_BROKERS;
  const mongoUrl = process.env.MONGO_URL;
  if (!brokers || !mongoUrl) throw new Error('KAFKA_BROKERS and MONGO_URL must be set (jest global setup does it)');
  return { brokers: brokers.split(','), mongoUrl, namespace: NAMESPACE };
}

/** A topic's or group's name on the brokers for this test file's services (a contract's name, namespaced). */
export function onBrokers(name: string, namespace = infra().namespace): string {
  return new KafkaNamespace(namespace).topic(name);
}

/**
 * What every service a test starts shares: any free port, this run's store and Kafka, this file's
 * namespace, the auth service's keys at `authUrl`, and quiet logs. A factory adds the database.
 */
export function serviceBase(authUrl: string) {
  const { mongoUrl, brokers, namespace } = infra();
  return {
    port: 0,
    mongoUrl,
    kafkaBrokers: brokers,
    kafkaNamespace: namespace,
    jwksUrl: `${authUrl}/auth/.well-known/jwks.json`,
    logLevel: 'warn',
  };
}

/** Calls to `api` (a gateway's /api, or a service) as the holder of `token` (none: without signing in). */
export function apiAs(api: string, token?: string) {
  return {
    get: (path: string) => http(api, 'GET', path, { token }),
    post: (path: string, body?: unknown) => http(api, 'POST', path, { token, body }),
    put: (path: string, body: unknown) => http(api, 'PUT', path, { token, body }),
    patch: (path: string, body: unknown) => http(api, 'PATCH', path, { token, body }),
    delete: (path: string) => http(api, 'DELETE', path, { token }),
  };
}

/**
 * Waits until every consumer of the given apps (services, gateways) has joined its group and
 * fetches: a test then sends nothing a group reading from the end could miss.
 */
export async function consumersFetching(apps: Array<{ get(token: unknown): unknown }>, ms = 60_000): Promise<void> {
  const all = Promise.all(apps.map((app) => (app.get(KafkaLifecycle) as KafkaLifecycle).fetching()));
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`consumers not fetching within ${ms} ms`)), ms);
  });
  try {
    await Promise.race([all, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** A database name no other test uses, so that test files run in parallel without sharing state. */
export function uniqueDbName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${randomUUID().slice(0, 6)}`;
}

/**
 * Reads a topic from its start with a consumer group of its own and keeps every CloudEvent whose
 * envelope passes `filter`. `waitFor` resolves when one matching `predicate` has arrived.
 */
export class EventRecorder {
  readonly events: EventEnvelope[] = [];
  private readonly kafka = new Kafka({
    clientId: 'test-recorder',
    brokers: infra().brokers,
    logLevel: logLevel.NOTHING,
  });
  private readonly consumer = this.kafka.consumer({ groupId: `test-${randomUUID()}`, maxWaitTimeInMs: 100 });
  private waiters: Array<{ predicate: (e: EventEnvelope) => boolean; resolve: (e: EventEnvelope) => void }> = [];

  /** The topic on the brokers: `topic` (a contract's name) in `namespace`, this test file's unless given. */
  private readonly onBrokers: string;

  constructor(
    private readonly topic: string,
    private readonly filter: (e: EventEnvelope) => boolean = () => true,
    namespace = infra().namespace,
  ) {
    this.onBrokers = onBrokers(topic, namespace);
  }

  async start(): Promise<this> {
    // On a fresh Kafka the topic may not exist yet (services create theirs in the background): create
    // it as they would, and wait for its leaders, so that subscribing cannot race the creation.
    const admin = this.kafka.admin();
    await admin.connect();
    try {
      for (let attempt = 1; ; attempt++) {
        try {
          await admin.createTopics({ topics: [{ topic: this.onBrokers, numPartitions: 3 }], waitForLeaders: true });
          break;
        } catch (e) {
          // Created by someone else meanwhile: that is what we wanted.
          if (/already exists/i.test(JSON.stringify((e as { errors?: unknown }).errors ?? String(e)))) break;
          // A broker busy electing leaders (many suites creating topics at once) answers a retriable error.
          if (attempt >= 10 || !(e as { retriable?: boolean }).retriable) throw e;
          await sleep(300);
        }
      }
    } finally {
      await admin.disconnect();
    }
    await this.consumer.connect();
    for (let attempt = 1; ; attempt++) {
      try {
        await this.consumer.subscribe({ topic: this.onBrokers, fromBeginning: true });
        break;
      } catch (e) {
        if (attempt >= 10 || !(e as { retriable?: boolean }).retriable) throw e;
        await sleep(300);
      }
    }
    await this.consumer.run({
      eachMessage: async ({ message }) => {
        let parsed: unknown;
        try {
          parsed = JSON.parse(message.value?.toString() ?? '');
        } catch {
          return;
        }
        if (!isEventEnvelope(parsed) || !this.filter(parsed)) return;
        this.events.push(parsed);
        this.waiters = this.waiters.filter((w) => (w.predicate(parsed) ? (w.resolve(parsed), false) : true));
      },
    });
    return this;
  }

  waitFor(predicate: (e: EventEnvelope) => boolean, timeoutMs = 15_000): Promise<EventEnvelope> {
    const found = this.events.find(predicate);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no matching event on ${this.topic} within ${timeoutMs} ms`)),
        timeoutMs,
      );
      this.waiters.push({ predicate, resolve: (e) => (clearTimeout(timer), resolve(e)) });
    });
  }

  async stop(): Promise<void> {
    await this.consumer.disconnect();
  }
}

/** JSON over HTTP against a started app; returns status, body and headers. */
export async function http(
  base: string,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: any; headers: Headers }> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: string | undefined;
  if (opts.rawBody !== undefined) {
    body = opts.rawBody;
    headers['content-type'] ??= 'application/json';
  } else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['content-type'] = 'application/json';
  }
  const res = await fetch(`${base}${path}`, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body: parsed, headers: res.headers };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Waits until each consumer group is Stable with at least `members` members: a group that reads
 * from now on (a new deployment) misses what is published before it has joined.
 */
export async function consumerGroupsStable(names: string[], ms = 60_000, members = 1): Promise<void> {
  const groups = names.map((g) => onBrokers(g));
  const admin = new Kafka({ clientId: 'groups-stable', brokers: infra().brokers, logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  try {
    const end = Date.now() + ms;
    for (;;) {
      const { groups: found } = await admin.describeGroups(groups);
      if (found.every((g) => g.state === 'Stable' && g.members.length >= members)) return;
      if (Date.now() > end)
        throw new Error(`consumer groups not stable: ${JSON.stringify(found.map((g) => [g.groupId, g.state]))}`);
      await sleep(250);
    }
  } finally {
    await admin.disconnect();
  }
}

/**
 * Tests that need a MongoDB-wire engine with atomic single-document updates (MongoDB, or DocumentDB
 * behind FerretDB v2): several replicas on one store. They run when SIXA_REAL_MONGO=1 says MONGO_URL
 * is one, and are reported as skipped otherwise (the local default, FerretDB v1, is not atomic).
 */
export const realEngine = {
  enabled: process.env.SIXA_REAL_MONGO === '1',
  it(name: string, fn: () => Promise<unknown>, timeout?: number): void {
    if (realEngine.enabled) it(name, fn, timeout);
    // Skipped on purpose on the local default (FerretDB v1 is not atomic between processes, so two
    // replicas on it would fail for the engine's sake, not the code's); `.ci/run` runs these again on
    // DocumentDB with SIXA_REAL_MONGO=1 when the machine has it built.
    else it.skip(`${name} [skipped: needs a real engine; set SIXA_REAL_MONGO=1 with MONGO_URL pointing at one]`, fn);
  },
};

/** A TCP port free on loopback now (for a process whose address another must know before it starts): deploy/infra.js's. */
export async function freePort(): Promise<number> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const infraScript = require(join(__dirname, '..', '..', '..', 'deploy', 'infra.js')) as {
    freePort(): Promise<number>;
  };
  return infraScript.freePort();
}
