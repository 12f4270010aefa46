import type { OpenAPIObject } from '@nestjs/swagger';
import type { GatewayConfig } from './config';
import { SERVICES } from './routes';

/**
 * One OpenAPI document for the whole /api: each deployed service's own document with its paths
 * under /api, merged with the gateway's. Refreshed in the background; the docs page reads the cache.
 */
export class OpenApiAggregator {
  private merged: OpenAPIObject;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly own: OpenAPIObject,
    private readonly config: GatewayConfig,
  ) {
    this.merged = own;
  }

  get document(): OpenAPIObject {
    return this.merged;
  }

  start(intervalMs = 30_000): void {
    void this.refresh();
    this.timer = setInterval(() => void this.refresh(), intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  async refresh(): Promise<void> {
    const paths: OpenAPIObject['paths'] = { ...this.own.paths };
    const schemas = { ...(this.own.components?.schemas ?? {}) };
    const tags = [...(this.own.tags ?? [])];
    await Promise.all(
      SERVICES.map(async (s) => {
        const base = this.config.serviceUrls[s.name];
        if (!base) return;
        try {
          const res = await fetch(`${base}/openapi.json`, { signal: AbortSignal.timeout(2000) });
          if (!res.ok) return;
          const doc = (await res.json()) as OpenAPIObject;
          for (const [p, item] of Object.entries(doc.paths ?? {})) paths[`/api${p}`] = item;
          Object.assign(schemas, doc.components?.schemas ?? {});
          for (const t of doc.tags ?? []) if (!tags.some((x) => x.name === t.name)) tags.push(t);
        } catch {
          // Not up yet: the next refresh picks it up.
        }
      }),
    );
    this.merged = { ...this.own, paths, tags, components: { ...this.own.components, schemas } };
  }
}
