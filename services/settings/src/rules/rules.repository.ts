import { Injectable } from '@nestjs/common';
import { CollectionRepository, InjectConnection, isObjectId, type RevisionUpdate } from '@sixa/mongo';
import { ObjectId } from 'mongodb';
import type { Connection } from 'mongoose';
import type { RuleDoc } from './rule.store';

/** The business rules (their execution counts are their executions', see ExecutionsRepository). */
@Injectable()
export class RulesRepository extends CollectionRepository<RuleDoc> {
  constructor(@InjectConnection() connection: Connection) {
    super(connection.collection<RuleDoc>('business_rules'), {
      indexes: [
        // following(): the active rules of an event type.
        { trigger_event: 1, is_active: 1 },
      ],
    });
  }

  /** Every rule, newest first. */
  newestFirst(): Promise<RuleDoc[]> {
    return this.findMatching({}, { sort: { created_at: -1 } });
  }

  /** The rule, or null for an unknown or malformed id. */
  async byId(id: string): Promise<RuleDoc | null> {
    return isObjectId(id) ? this.findById(new ObjectId(id)) : null;
  }

  /** The active rules triggered by events of this type. */
  following(eventType: string): Promise<RuleDoc[]> {
    return this.findMatching({ trigger_event: eventType, is_active: true });
  }

  async add(doc: RuleDoc): Promise<void> {
    await this.insertNew(doc);
  }

  /** An edit on the revision the editor read (`expectedRev`, if any). */
  edit(id: ObjectId, set: Partial<RuleDoc>, expectedRev?: number): Promise<RevisionUpdate<RuleDoc>> {
    return this.updateAtRevision(id, set, expectedRev);
  }

  async remove(id: ObjectId): Promise<void> {
    await this.deleteById(id);
  }
}
