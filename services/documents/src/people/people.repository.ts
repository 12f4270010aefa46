import { Injectable } from '@nestjs/common';
import type { AuthUser } from '@sixa/auth';
import { CollectionRepository, InjectConnection } from '@sixa/mongo';
import { createLogger } from '@sixa/observability';
import type { Connection } from 'mongoose';

/** A staff member as the documents screens name them (auth owns the user; this is its shadow). */
interface PersonDoc {
  /** The user's id (auth's). */
  _id: string;
  name: string;
  /** When auth said so (the event's time) or the token that carried it was issued: the later wins. */
  at: Date;
}

/** Who the actor `system` is shown as (sample data, sweeps). */
export const SYSTEM_NAME = 'System';

/**
 * The names of the people whose ids documents keep (who made a version, who sent a request): a
 * small read model of auth's users, fed by auth.events.v1 (PeopleConsumer) and by the tokens of the
 * people who act here, so that the screens show a name and never call auth to find it.
 */
@Injectable()
export class PeopleRepository extends CollectionRepository<PersonDoc> {
  private readonly logger = createLogger('documents:people');

  constructor(@InjectConnection() connection: Connection) {
    super(connection.collection<PersonDoc>('people'));
  }

  /**
   * Keeps `name` for `id` unless a later one is known: idempotent, and a late or replayed event
   * changes nothing. One conditional upsert: a newer record makes the insert a duplicate, ignored.
   */
  async remember(id: string, name: string, at: Date): Promise<void> {
    if (!id || id === 'system' || !name.trim()) return;
    await this.upsertById(id, { $set: { name: name.trim(), at } }, { at: { $lt: at } });
  }

  /**
   * The name the caller's token carries, as of its issue: known here from their first write on, before
   * auth's event about them arrives. Best effort: the write they are making does not depend on it.
   */
  async rememberActor(actor: AuthUser): Promise<void> {
    await this.remember(actor.id, actor.name ?? '', new Date(actor.iat * 1000)).catch((e: unknown) =>
      this.logger.warn({ err: e, user: actor.id }, 'name not kept'),
    );
  }

  /** The name of each id known here (`system` included); an id never heard of is left out. By `_id` only. */
  async namesOf(ids: readonly string[]): Promise<Map<string, string>> {
    const wanted = [...new Set(ids)].filter((id) => id && id !== 'system');
    const names = new Map<string, string>();
    if (ids.includes('system')) names.set('system', SYSTEM_NAME);
    if (!wanted.length) return names;
    for (const p of await this.findMatching({ _id: { $in: wanted } })) names.set(p._id, p.name);
    return names;
  }
}
