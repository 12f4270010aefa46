import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';
import { GatewayConfigRef } from './config.provider';
import { withSharedAnswers } from './openapi-answers';
import { SERVICES } from './routes';

/**
 * One OpenAPI document for the whole /api: each deployed service's own document with its paths
 * under /api, merged with the gateway's, and completed with the answers and security every operation
 * shares (withSharedAnswers). Refreshed in the background; the docs page reads the cache.
 */
@Injectable()
export class OpenApiAggregator implements OnModuleDestroy {
  /** The gateway's own document, made from its controllers once the app exists. */
  private own: OpenAPIObject | null = null;
  private merged: OpenAPIObject | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly config: GatewayConfigRef) {}

  get document(): OpenAPIObject {
    if (!this.merged) throw new Error('OpenApiAggregator.start() has not been called');
    return this.merged;
  }

  start(own: OpenAPIObject, intervalMs = 30_000): void {
    this.own = own;
    this.merged = withSharedAnswers(own);
    void this.refresh();
    this.timer = setInterval(() => void this.refresh(), intervalMs);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    this.stop();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  async refresh(): Promise<void> {
    const own = this.own;
    if (!own) return;
    const paths: OpenAPIObject['paths'] = { ...own.paths };
    const schemas = { ...(own.components?.schemas ?? {}) };
    const tags = [...(own.tags ?? [])];
    await Promise.all(
      SERVICES.map(async (s) => {
        const base = this.config.value.serviceUrls[s.name];
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
    this.merged = withSharedAnswers({ ...own, paths, tags, components: { ...own.components, schemas } });
  }
}
