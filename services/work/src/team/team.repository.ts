import { Injectable, type OnModuleInit } from '@nestjs/common';
import { PRESENCE_WINDOW_MS, type Department, type EventEnvelope, type TeamMember } from '@sixa/contracts';
import { OutboxRelay } from '@sixa/kafka';
import {
  BaseRepository,
  escapeRegex,
  InjectConnection,
  isObjectId,
  type Change,
  type ChangeOptions,
  type ChangeResult,
} from '@sixa/mongo';
import type { Connection, QueryFilter } from 'mongoose';
import { TeamMemberSchema, type TeamMemberDoc } from './team.schema';

const INTERNAL = ['name_lc', 'tasks_open', 'deleted_at', 'applied_events'];
const LIVE = { deleted_at: null };

/** Team members; `is_online` is computed from `last_seen_at` when read (presence, not a stored flag). */
@Injectable()
export class TeamRepository extends BaseRepository<TeamMemberDoc, TeamMember> implements OnModuleInit {
  constructor(@InjectConnection() connection: Connection, relay: OutboxRelay) {
    super(connection.model<TeamMemberDoc>('TeamMember', TeamMemberSchema), relay, INTERNAL);
  }

  async onModuleInit() {
    await this.init();
  }

  override map(doc: unknown): TeamMember {
    const m = super.map(doc);
    const seen = m.last_seen_at ? Date.parse(m.last_seen_at) : 0;
    return { ...m, is_online: seen > Date.now() - PRESENCE_WINDOW_MS };
  }

  async list(department?: Department): Promise<TeamMember[]> {
    const f: QueryFilter<TeamMemberDoc> = { ...LIVE };
    if (department) f.department = department;
    return (await this.model.find(f).sort({ name_lc: 1, _id: 1 }).limit(5000).lean()).map((d) => this.map(d));
  }

  async findLive(id: string): Promise<TeamMember | null> {
    if (!isObjectId(id)) return null;
    const doc = await this.model.findOne({ _id: id, ...LIVE }).lean();
    return doc ? this.map(doc) : null;
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
    if (q.trim()) {
      const re = { $regex: escapeRegex(q.trim()), $options: 'i' };
      f.$or = [{ name: re }, { email: re }];
    }
    return (await this.model.find(f).sort({ name_lc: 1, _id: 1 }).limit(limit).lean()).map((d) => this.map(d));
  }

  async stats(now: Date): Promise<{ total: number; online: number; departments: number; openTasks: number }> {
    const [all] = await this.store.summarise(this.model.collection, LIVE, { sum: ['tasks_open'] });
    const [online, departments] = await Promise.all([
      this.model.countDocuments({ ...LIVE, last_seen_at: { $gt: new Date(now.getTime() - PRESENCE_WINDOW_MS) } }),
      this.model.distinct('department', LIVE),
    ]);
    return { total: all?.count ?? 0, online, departments: departments.length, openTasks: all?.sums.tasks_open ?? 0 };
  }

  create(data: Partial<TeamMemberDoc>, events: (m: TeamMember) => EventEnvelope[]): Promise<TeamMember> {
    return this.insert(data, events);
  }

  changeById(
    id: string,
    compute: (current: TeamMemberDoc) => Change<TeamMemberDoc, TeamMember> | null,
    opts?: ChangeOptions,
  ): Promise<ChangeResult<TeamMember>> {
    if (!isObjectId(id)) return Promise.resolve({ status: 'missing' });
    return this.change({ _id: id, ...LIVE }, compute, opts);
  }

  /** Presence: the member with this e-mail was seen at `at` (kept only if later than what is stored). */
  async seen(email: string, at: Date): Promise<void> {
    const doc = await this.model.findOne({ email: email.toLowerCase(), ...LIVE }, { _id: 1 }).lean();
    if (!doc) return;
    await this.store.write(this.collectionName, doc._id, () =>
      this.model.updateOne(
        { _id: doc._id, $or: [{ last_seen_at: null }, { last_seen_at: { $lt: at } }] },
        { $set: { last_seen_at: at } },
        { timestamps: false },
      ),
    );
  }
}
