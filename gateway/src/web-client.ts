import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync, statSync } from 'node:fs';
import { join, normalize, sep } from 'node:path';

/**
 * Serves the built web client on the same origin as the API: files as they are (hashed assets
 * cached for a year), and index.html for every other page path so that client-side routes load.
 */
export async function registerWebClient(fastify: FastifyInstance, root: string): Promise<void> {
  if (!existsSync(join(root, 'index.html'))) {
    throw new Error(`WEB_DIST=${root} has no index.html: build the web client first (npm run build)`);
  }
  await fastify.register(fastifyStatic, { root, serve: false });
  fastify.get('/*', (req, reply) => {
    const path = decodeURIComponent(req.url.split('?')[0]);
    const file = normalize(join(root, path));
    if (file.startsWith(root + sep) && existsSync(file) && statSync(file).isFile()) {
      const immutable = path.startsWith('/assets/');
      return reply
        .header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
        .sendFile(file.slice(root.length + 1));
    }
    return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
  });
}
