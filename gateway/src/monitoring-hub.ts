import { type BeforeApplicationShutdown, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { bearerToken, type AuthUser } from '@sixa/auth';
import {
  MONITORING_WS_PROTOCOL,
  TOPICS,
  WS_TOKEN_PROTOCOL_PREFIX,
  type EventEnvelope,
  type MonitoringMessage,
} from '@sixa/contracts';
import { KafkaLifecycle } from '@sixa/kafka';
import { createLogger, registry } from '@sixa/observability';
import type { FastifyInstance } from 'fastify';
import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { Counter, Gauge } from 'prom-client';
import { WebSocket, WebSocketServer } from 'ws';
import { AccessTokenChecker } from './access-tokens';
import { PresencePublisher } from './presence';
import { GatewayConfigRef } from './config.provider';

export const MONITORING_WS_PATH = '/ws/monitoring';

const logger = createLogger('gateway:ws');

const clientsGauge = new Gauge({
  name: 'ws_monitoring_clients',
  help: 'Connected /ws/monitoring clients',
  registers: [registry],
});
const sentCounter = new Counter({
  name: 'ws_monitoring_messages_sent_total',
  help: 'Messages sent to /ws/monitoring clients',
  labelNames: ['type'] as const,
  registers: [registry],
});
const dropCounter = new Counter({
  name: 'ws_monitoring_disconnects_total',
  help: '/ws/monitoring clients dropped by the gateway, by reason',
  labelNames: ['reason'] as const,
  registers: [registry],
});

export interface HubOptions {
  /** Ping period; a client that has not answered the previous ping is dropped. */
  heartbeatMs: number;
  /** A client with more unsent bytes than this is too slow to follow: it is dropped. */
  maxBufferedBytes: number;
  maxClients: number;
}

interface Client {
  socket: WebSocket;
  user: AuthUser;
  /** Token expiry (seconds since the epoch). */
  expiresAt: number | null;
  alive: boolean;
}

/** The token from `Sec-WebSocket-Protocol: sixa.monitoring.v1, bearer.<jwt>` (browsers) or an Authorization header. */
export function wsToken(req: IncomingMessage): string | null {
  const offered = String(req.headers['sec-websocket-protocol'] ?? '')
    .split(',')
    .map((p) => p.trim());
  const fromProtocol = offered.find((p) => p.startsWith(WS_TOKEN_PROTOCOL_PREFIX));
  if (fromProtocol) return fromProtocol.slice(WS_TOKEN_PROTOCOL_PREFIX.length) || null;
  return bearerToken(req.headers.authorization);
}

/** Refuses an upgrade with a plain HTTP answer and a JSON detail, as the REST routes do. */
function refuse(socket: Duplex, status: number, detail: string) {
  if (socket.destroyed) return;
  const body = JSON.stringify({ detail });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * /ws/monitoring: signed-in users connect (the token is checked at the upgrade), and every message
 * the monitoring service publishes on its topics is pushed to every client of this replica. Each
 * replica reads the topics with a consumer group of its own, so each serves all messages to its own
 * clients.
 */
@Injectable()
export class MonitoringHub implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly wss = new WebSocketServer({
    noServer: true,
    maxPayload: 4 * 1024,
    perMessageDeflate: false,
    // Answer with our protocol, never echo the token back.
    handleProtocols: (protocols) => (protocols.has(MONITORING_WS_PROTOCOL) ? MONITORING_WS_PROTOCOL : false),
  });
  private readonly clients = new Set<Client>();
  private heartbeat: NodeJS.Timeout | null = null;
  private latestStatus: string | null = null;
  private pendingUpgrades = 0;
  private readonly options: HubOptions;

  constructor(
    private readonly config: GatewayConfigRef,
    private readonly tokens: AccessTokenChecker,
    private readonly kafka: KafkaLifecycle,
    private readonly presence: PresencePublisher,
  ) {
    this.options = config.value.ws;
  }

  get size(): number {
    return this.clients.size;
  }

  /** Takes the upgrades of the gateway's HTTP server. */
  attach(fastify: FastifyInstance): void {
    fastify.server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      // Node hands the socket over without an error listener: a client that resets the connection
      // while its token is checked would otherwise crash the process.
      const onError = (err: Error) => logger.debug({ err }, 'upgrade socket error');
      socket.on('error', onError);
      const path = (req.url ?? '').split('?')[0];
      if (path !== MONITORING_WS_PATH) return refuse(socket, 404, `No WebSocket at ${path}`);
      void this.upgrade(req, socket, head, onError).catch((err) => {
        logger.error({ err }, 'upgrade failed');
        socket.destroy();
      });
    });
    // A plain GET (no upgrade) gets an explanation rather than the web client.
    fastify.get(MONITORING_WS_PATH, async (_req, reply) =>
      reply.code(426).header('upgrade', 'websocket').send({ detail: 'Open /ws/monitoring as a WebSocket' }),
    );
  }

  onApplicationBootstrap(): void {
    this.kafka.consume(
      {
        groupId: `gateway-monitoring-${this.config.value.instanceId}`,
        topics: [TOPICS.monitoringStatus, TOPICS.monitoring],
        fromBeginning: false,
        maxAttempts: 1,
      },
      async (event) => this.onEvent(event),
    );
    this.heartbeat = setInterval(() => this.beat(), this.options.heartbeatMs);
    this.heartbeat.unref();
  }

  /** Before the HTTP server closes: it would otherwise wait for the open sockets. */
  beforeApplicationShutdown(): void {
    this.close();
  }

  private async upgrade(
    req: IncomingMessage,
    socket: Duplex,
    head: Buffer,
    onError: (err: Error) => void,
  ): Promise<void> {
    // Upgrades still being checked count against the cap too.
    if (this.clients.size + this.pendingUpgrades >= this.options.maxClients) {
      return refuse(socket, 503, 'Too many live connections; try again later');
    }
    this.pendingUpgrades++;
    try {
      await this.checkAndUpgrade(req, socket, head, onError);
    } finally {
      this.pendingUpgrades--;
    }
  }

  private async checkAndUpgrade(
    req: IncomingMessage,
    socket: Duplex,
    head: Buffer,
    onError: (err: Error) => void,
  ): Promise<void> {
    const checked = await this.tokens.check(wsToken(req), 'subprotocol');
    if (!checked.ok) return refuse(socket, checked.status, checked.detail);
    if (socket.destroyed) return;
    // From here the WebSocket's own error handling takes over.
    socket.off('error', onError);
    this.presence.seen(checked.user);
    this.wss.handleUpgrade(req, socket, head, (ws) => this.connected(ws, checked.user, checked.expiresAt));
  }

  private connected(socket: WebSocket, user: AuthUser, expiresAt: number | null): void {
    const client: Client = { socket, user, expiresAt, alive: true };
    this.clients.add(client);
    clientsGauge.set(this.clients.size);
    socket.on('pong', () => {
      client.alive = true;
    });
    // Clients only listen; anything they send is ignored (and bounded by maxPayload).
    socket.on('error', (err) => logger.debug({ err }, 'client socket error'));
    socket.on('close', () => {
      this.clients.delete(client);
      clientsGauge.set(this.clients.size);
    });
    // The newest status at once, so that a new client does not wait for the next sample.
    if (this.latestStatus) this.send(client, this.latestStatus, 'system_status');
  }

  private onEvent(event: EventEnvelope): void {
    let message: MonitoringMessage | null = null;
    // The envelope is a union on `type`: each branch reads its own event's data.
    if (event.type === 'status.sampled') message = { type: 'system_status', data: event.data.status };
    else if (event.type === 'alert.raised') message = { type: 'new_alert', data: event.data.alert };
    else if (event.type === 'alert.acknowledged' || event.type === 'alert.resolved') {
      message = { type: 'alert_updated', data: event.data.alert };
    }
    if (message) this.broadcast(message);
  }

  /** Serialises once and sends to every client; drops the ones too slow to keep up. */
  broadcast(message: MonitoringMessage): void {
    const text = JSON.stringify(message);
    if (message.type === 'system_status') this.latestStatus = text;
    for (const client of this.clients) this.send(client, text, message.type);
  }

  private send(client: Client, text: string, type: string): void {
    const { socket } = client;
    if (socket.readyState !== WebSocket.OPEN) return;
    if (socket.bufferedAmount > this.options.maxBufferedBytes) {
      dropCounter.inc({ reason: 'slow' });
      socket.terminate();
      return;
    }
    socket.send(text);
    sentCounter.inc({ type });
  }

  private beat(): void {
    const now = Date.now() / 1000;
    for (const client of this.clients) {
      if (!client.alive) {
        dropCounter.inc({ reason: 'heartbeat' });
        client.socket.terminate();
        continue;
      }
      if (this.tokens.sessionEnded(client.user, client.expiresAt, now)) {
        dropCounter.inc({ reason: 'session' });
        client.socket.close(4401, 'Session expired or revoked: sign in again');
        continue;
      }
      client.alive = false;
      client.socket.ping();
      // Holding the stream counts as being online.
      this.presence.seen(client.user);
    }
  }

  close(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    for (const client of this.clients) client.socket.close(1001, 'Gateway shutting down');
    this.wss.close();
  }
}
