import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { TOPICS } from '@sixa/contracts';
import { KafkaLifecycle } from '@sixa/kafka';
import { randomUUID } from 'node:crypto';
import { LeadsRepository } from './leads.repository';

/** The lead an event is about, for the lead events that change what the index holds. */
function leadIdOf(type: string, data: Record<string, unknown>): string | null {
  if (type === 'lead.created' || type === 'lead.updated') return (data.lead as { id?: string } | undefined)?.id ?? null;
  if (type === 'lead.scored' || type === 'lead.status_changed')
    return typeof data.lead_id === 'string' ? data.lead_id : null;
  return null;
}

/**
 * Loads the leads index at start and keeps it current with changes made by other replicas: each
 * process reads the crm events with a group of its own (from the newest offset) and re-reads the lead
 * an event is about. Its own writes update the index directly (their events are skipped here). Until the index is loaded, lists are
 * read from the database.
 */
@Injectable()
export class LeadsIndexFeed implements OnApplicationBootstrap {
  constructor(
    private readonly kafka: KafkaLifecycle,
    private readonly leads: LeadsRepository,
  ) {}

  onApplicationBootstrap(): void {
    const feed = this.kafka.consume(
      {
        groupId: `crm-leads-index-${process.pid}-${randomUUID().slice(0, 8)}`,
        topics: [TOPICS.crm],
        fromBeginning: false,
        // A database outage must not leave the index behind: retry for about two minutes.
        maxAttempts: 20,
        retryDelayMs: 600,
      },
      async (event) => {
        const id = leadIdOf(event.type, event.data as Record<string, unknown>);
        if (id && !this.leads.isOwnEvent(event.id)) await this.leads.refreshIndex(id);
      },
    );
    // Load once the feed fetches: a change after that is seen by the feed, one before it by the load.
    // Without Kafka for a while, load anyway (changes by other replicas meanwhile are missed).
    void Promise.race([feed.fetching, new Promise((r) => setTimeout(r, 30_000).unref())]).then(() =>
      this.leads.loadIndex(),
    );
  }
}
