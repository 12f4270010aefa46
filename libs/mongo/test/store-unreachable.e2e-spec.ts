import { Controller, Get, Module } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createHttpApp, STORE_UNREACHABLE_DETAIL } from '@sixa/observability';
import { infra, uniqueDbName } from '@sixa/testing';
import mongoose, { type Connection } from 'mongoose';
import { createServer, connect, type Server, type Socket } from 'node:net';

/** Forwards TCP to the test run's store until closed, when it drops every connection it carries. */
async function proxyTo(target: URL): Promise<{ url: string; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port || 27017), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => s.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `mongodb://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      }),
  };
}

let connection: Connection;

@Controller('things')
class ThingsController {
  @Get()
  async list() {
    return { things: await connection.db!.collection('things').find({}).limit(5).toArray() };
  }
}

@Module({ controllers: [ThingsController] })
class ThingsModule {}

describe('a service whose database stops answering', () => {
  let proxy: Awaited<ReturnType<typeof proxyTo>>;
  let app: NestFastifyApplication;

  beforeAll(async () => {
    proxy = await proxyTo(new URL(infra().mongoUrl));
    connection = await mongoose
      .createConnection(proxy.url, { dbName: uniqueDbName('unreachable'), serverSelectionTimeoutMS: 1_500 })
      .asPromise();
    app = await createHttpApp(ThingsModule, { service: 'unreachable-test', logLevel: 'silent', declaredAs: false });
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  });

  afterAll(async () => {
    await app?.close();
    await connection?.close(true);
    await proxy?.close();
  });

  it('answers 503 with a detail and Retry-After, not a 500, and 200 while it answers', async () => {
    const before = await app.inject({ method: 'GET', url: '/things' });
    expect(before.statusCode).toBe(200);

    await proxy.close();
    const after = await app.inject({ method: 'GET', url: '/things' });
    expect(after.statusCode).toBe(503);
    expect(after.headers['retry-after']).toBe('5');
    expect(after.json()).toEqual({ detail: STORE_UNREACHABLE_DETAIL, error_id: expect.any(String) });
  });
});
