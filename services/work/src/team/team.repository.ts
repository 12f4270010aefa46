import { Injectable } from '@nestjs/common';
import { type Department, type TeamMember } from '@sixa/contracts';
import { OutboxRelay } from '@sixa/kafka';
import { BaseRepository, InjectConnection, textMatch } from '@sixa/mongo';
import type { Connection, QueryFilter } from 'mongoose';
import { TeamMemberSchema, type TeamMemberDoc } from './team.schema';

const LIVE = { deleted_at: null };

/** Team members (their presence is kept apart, per user: PresenceRepository). */
@Injectable()
export class TeamRepository extends BaseRepository<TeamMemberDoc, TeamMember> {
  constructor(@InjectConnection() connection: Connection, relay: OutboxRelay) {
    super(connection.model<TeamMemberDoc>('TeamMember', TeamMemberSchema), {
      outbox: relay,
      omit: ['name_lc', 'tasks_open', 'deleted_at', 'applied_events'],
      live: LIVE,
    });
  }

  /** Presence is not stored with the member: see TeamService (offline until joined with it). */
  override map(doc: unknown): TeamMember {
    return { ...super.map(doc), is_online: false, last_seen_at: null };
  }

  async list(department?: Department): Promise<TeamMember[]> {
    const f: QueryFilter<TeamMemberDoc> = { ...LIVE };
    if (department) f.department = department;
    return (await this.model.find(f).sort({ name_lc: 1, _id: 1 }).limit(5000).lean()).map((d) => this.map(d));
  }

  /** The members with exactly this name (case-insensitive). */
  async byName(name: string): Promise<TeamMember[]> {
    const docs = await this.model
      .find({ ...LIVE, name_lc: name.trim().toLowerCase() })
      .limit(2)
      .lean();
    return docs.map((d) => this.map(d));
  }

  async suggest(q: string, limit = 10): Promise<TeamMember[]> {
    const f: QueryFilter<TeamMemberDoc> = { ...LIVE };
    const text = textMatch(q, ['name', 'email']);
    if (text) f.$or = text.$or;
    return (await this.model.find(f).sort({ name_lc: 1, _id: 1 }).limit(limit).lean()).map((d) => this.map(d));
  }

  async stats(
    onlineEmails: string[],
  ): Promise<{ total: number; online: number; departments: number; openTasks: number }> {
    const [all] = await this.store.summarise(this.model.collection, LIVE, { sum: ['tasks_open'] });
    const [online, departments] = await Promise.all([
      onlineEmails.length ? this.model.countDocuments({ ...LIVE, email: { $in: onlineEmails } }) : 0,
      this.model.distinct('department', LIVE),
    ]);
    return { total: all?.count ?? 0, online, departments: departments.length, openTasks: all?.sums.tasks_open ?? 0 };
  }
}
