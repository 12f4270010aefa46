import { Injectable } from '@nestjs/common';
import type { AnalysisResponse, StructuredAnalysis } from '@sixa/contracts';
import { createLogger } from '@sixa/observability';
import { AlertsService } from '../alerts/alerts.service';
import { MonitoringConfigRef } from '../config.provider';
import { SamplesRepository } from '../samples/samples.repository';
import { AnalysesRepository } from './analyses.repository';
import { analyze } from './analysis';

const logger = createLogger('monitoring:analysis');

/**
 * POST /monitoring/analyze: the deterministic analysis of the stored samples and alerts, kept for
 * later reading; with an LLM endpoint configured, a narrative written from that analysis is added.
 */
@Injectable()
export class AnalysisService {
  constructor(
    private readonly config: MonitoringConfigRef,
    private readonly samples: SamplesRepository,
    private readonly alerts: AlertsService,
    private readonly analyses: AnalysesRepository,
  ) {}

  async run(hours: number, now = new Date()): Promise<AnalysisResponse> {
    const [samples, alerts] = await Promise.all([
      this.samples.range(new Date(now.getTime() - hours * 3_600_000), now),
      this.alerts.summary(now),
    ]);
    const result = analyze(samples, alerts, now);
    const narrative = await this.narrate(result);
    if (narrative) result.narrative = narrative;
    await this.analyses.record(now, hours, result);
    return { timestamp: now.toISOString(), ai_analysis: result };
  }

  /** The most recent analysis, or null. */
  latest(): Promise<AnalysisResponse | null> {
    return this.analyses.latest();
  }

  /** Asks the configured OpenAI-compatible endpoint for a short narrative; null without one or on failure. */
  private async narrate(analysis: StructuredAnalysis): Promise<string | null> {
    const llm = this.config.value.llm;
    if (!llm) return null;
    try {
      const res = await fetch(`${llm.url}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${llm.apiKey}` },
        signal: AbortSignal.timeout(llm.timeoutMs),
        body: JSON.stringify({
          model: llm.model,
          temperature: 0.2,
          messages: [
            {
              role: 'system',
              content:
                'You are a site reliability engineer. Explain the monitoring analysis you are given to an operator in at most 6 sentences: what matters, the likely cause, what to do. Use only the figures given.',
            },
            { role: 'user', content: JSON.stringify(analysis) },
          ],
        }),
      });
      if (!res.ok) throw new Error(`LLM endpoint answered ${res.status}`);
      const body = (await res.json()) as { choices?: Array<{ message?: { content?: string } }> };
      const text = body.choices?.[0]?.message?.content?.trim();
      return text ? text : null;
    } catch (e) {
      logger.warn({ err: e }, 'LLM narrative unavailable; the analysis is returned without it');
      return null;
    }
  }
}
