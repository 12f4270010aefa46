import type { Alert, SystemStatus } from '@sixa/contracts';
import { explainApiError } from '../workspace-api';
import { plural, type ToolContext, type ToolOutcome } from './tool-context';

export async function platformHealth(ctx: ToolContext): Promise<ToolOutcome> {
  try {
    const [status, alerts] = await Promise.all([
      ctx.api.get<SystemStatus>('/monitoring/system-status').then((r) => r.body),
      ctx.api.get<Alert[]>('/monitoring/alerts', { limit: 5, status: 'open' }).then((r) => r.body ?? []),
    ]);
    const ms = (v: number | null) => (v === null || v === undefined ? 'n/a' : `${Math.round(v)} ms`);
    const down = (status.probes ?? []).filter((p) => !p.ok).map((p) => p.target);
    const text =
      `The platform is ${status.overall_health}: CPU ${Math.round(status.cpu_usage)}%, memory ${Math.round(status.memory_usage)}%, ` +
      `disk ${Math.round(status.disk_usage)}%, network latency ${ms(status.network_latency)}, API response time (p95) ${ms(status.api_response_time)}.` +
      (down.length ? ` Not answering: ${down.join(', ')}.` : '') +
      (alerts.length
        ? `\n${plural(status.active_alerts, 'active alert')}:\n${alerts.map((a) => `• [${a.severity.toUpperCase()}] ${a.title}`).join('\n')}`
        : '\nNo open alerts.');
    return {
      text,
      links: [{ label: 'Network Monitoring', href: '/monitoring' }],
      data: {
        status: { ...status, probes: undefined },
        alerts: alerts.map((a) => ({ severity: a.severity, title: a.title, status: a.status })),
      },
    };
  } catch (e) {
    return { text: explainApiError(e, "see the platform's health") };
  }
}
