import { Controller, Get, Global, Header, Injectable, Module, Res, ServiceUnavailableException } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { registry } from './metrics';

export type ReadinessCheck = () => Promise<void>;

/** Dependencies register how to tell they are reachable; `/ready` runs them all. */
@Injectable()
export class HealthRegistry {
  private readonly checks = new Map<string, ReadinessCheck>();

  register(name: string, check: ReadinessCheck): void {
    this.checks.set(name, check);
  }

  async run(timeoutMs = 2000): Promise<Record<string, string>> {
    const results: Record<string, string> = {};
    await Promise.all(
      [...this.checks].map(async ([name, check]) => {
        try {
          await withTimeout(check(), timeoutMs, `${name} did not answer within ${timeoutMs} ms`);
          results[name] = 'ok';
        } catch (e) {
          results[name] = e instanceof Error ? e.message : String(e);
        }
      }),
    );
    return results;
  }
}

function withTimeout<T>(p: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    p.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(message)), ms);
    }),
  ]);
}

@ApiExcludeController()
@Controller()
export class HealthController {
  constructor(private readonly health: HealthRegistry) {}

  @Get('health')
  live() {
    return { status: 'ok' };
  }

  @Get('ready')
  async ready() {
    const checks = await this.health.run();
    const failing = Object.entries(checks).filter(([, v]) => v !== 'ok');
    if (failing.length) {
      throw new ServiceUnavailableException({
        detail: `Not ready: ${failing.map(([k, v]) => `${k}: ${v}`).join('; ')}`,
      });
    }
    return { status: 'ok', checks };
  }

  @Get('metrics')
  @Header('content-type', registry.contentType)
  async metrics(@Res({ passthrough: true }) _res: unknown) {
    return registry.metrics();
  }
}

@Global()
@Module({ controllers: [HealthController], providers: [HealthRegistry], exports: [HealthRegistry] })
export class HealthModule {}
