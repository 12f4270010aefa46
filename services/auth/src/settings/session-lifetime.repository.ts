import { Injectable } from '@nestjs/common';
import { CollectionRepository, InjectConnection } from '@sixa/mongo';
import type { Connection } from 'mongoose';

interface LifetimeDoc {
  _id: string;
  rev: number;
  value: { minutes: number };
}

const ID = 'security.session_lifetime_minutes';

/** The session lifetime set in Settings › System, one document at the highest revision seen. */
@Injectable()
export class SessionLifetimeRepository extends CollectionRepository<LifetimeDoc> {
  constructor(@InjectConnection() connection: Connection) {
    super(connection.collection<LifetimeDoc>('system_settings'));
  }

  /** Keeps `minutes` if `rev` is newer than the one stored; an older or repeated revision changes nothing. */
  keep(rev: number, minutes: number): Promise<boolean> {
    return this.keepNewestRevision(ID, rev, { value: { minutes } });
  }

  /** The minutes kept, or null before any was set. */
  async minutes(): Promise<number | null> {
    return (await this.findById(ID))?.value.minutes ?? null;
  }
}
