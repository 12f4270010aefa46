import { Controller, Get, HttpCode, NotFoundException, Post } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { loadAsyncApiDocument } from '@sixa/contracts';
import { GatewayConfigRef } from './config.provider';
import { SERVICES } from './routes';

@ApiTags('gateway')
@Controller('api')
export class GatewayController {
  constructor(private readonly config: GatewayConfigRef) {}

  /** Connectivity check: the client calls it at start. */
  @Get()
  root() {
    return {
      status: 'ok',
      services: Object.fromEntries(
        SERVICES.map((s) => [s.name, this.config.value.serviceUrls[s.name] ? 'deployed' : 'not deployed']),
      ),
    };
  }

  /**
   * The AsyncAPI 3.0 document of every Kafka topic and event type (libs/contracts/asyncapi.json,
   * generated from the event map), beside the OpenAPI document of the HTTP routes.
   */
  @Get('docs/asyncapi.json')
  asyncApi() {
    return loadAsyncApiDocument();
  }

  /**
   * Demo mode only: asks every deployed service that has demo data to create it. Idempotent, because
   * each service's seeding is. Answers which services seeded and which failed.
   */
  @Post('initialize-mock-data')
  @HttpCode(200)
  @ApiOkResponse({ description: 'Which services seeded (`ok`) and which failed, with why.' })
  @ApiNotFoundResponse({ description: 'Not in demo mode.' })
  async initializeMockData() {
    const { demoMode, serviceUrls } = this.config.value;
    if (!demoMode) throw new NotFoundException({ detail: 'Not found' });
    const results: Record<string, string> = {};
    await Promise.all(
      SERVICES.map(async (s) => {
        const base = serviceUrls[s.name];
        if (!('seed' in s) || !base) return;
        try {
          const res = await fetch(`${base}${s.seed}`, { method: 'POST', signal: AbortSignal.timeout(15_000) });
          results[s.name] = res.ok ? 'ok' : `failed: ${res.status}`;
        } catch (e) {
          results[s.name] = `failed: ${e instanceof Error ? e.message : e}`;
        }
      }),
    );
    return { results };
  }
}
