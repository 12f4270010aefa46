import 'reflect-metadata';
import helmet from '@fastify/helmet';
import { createHttpApp, exitOnConfigError, listen } from '@sixa/observability';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { resolve } from 'node:path';
import { loadConfig, type GatewayConfig } from './config';
import { GatewayModule } from './gateway.module';
import { MonitoringHub } from './monitoring-hub';
import { OpenApiAggregator } from './openapi';
import { ApiProxy } from './proxy';
import { registerWebClient } from './web-client';

/** Builds and starts the gateway; tests call it with their own configuration and port 0. */
export async function startGateway(config: GatewayConfig) {
  const app = await createHttpApp(GatewayModule.register(config), {
    service: 'gateway',
    trustProxyHops: config.trustProxyHops,
    logLevel: config.logLevel,
    // The gateway's own routes; the proxied ones stream their bodies with their own limits (proxy.ts).
    bodyLimitBytes: config.bodyLimits.default,
  });
  const fastify = app.getHttpAdapter().getInstance();

  await fastify.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
      },
    },
  });
  app.enableCors({ origin: config.corsOrigins.length ? config.corsOrigins : false });

  await app.get(ApiProxy).attach(fastify);
  const hub = app.get(MonitoringHub);
  hub.attach(fastify);
  if (config.webDist) await registerWebClient(fastify, resolve(config.webDist));

  const own = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('SIXA workspace API')
      .setDescription('Every /api route, across services')
      .addBearerAuth()
      .build(),
  );
  const docs = app.get(OpenApiAggregator);
  docs.start(own);
  SwaggerModule.setup('api/docs', app, own, {
    jsonDocumentUrl: 'api/docs/openapi.json',
    patchDocumentOnRequest: () => docs.document,
  });

  const url = await listen(app, config.port, config.host);
  return { app, url, hub };
}

if (require.main === module) {
  (async () => {
    const config = loadConfig();
    const { url } = await startGateway(config);
    process.stderr.write(
      `gateway listening on ${url} (web client ${config.webDist ? 'served' : 'not served: WEB_DIST unset'})\n`,
    );
  })().catch((e) => {
    exitOnConfigError(e);
    process.stderr.write(`gateway failed to start: ${e instanceof Error ? e.stack : e}\n`);
    process.exit(1);
  });
}
