import { Injectable } from '@nestjs/common';
import type { AuthUser } from '@sixa/auth';
import {
  PRESENCE_WINDOW_MS,
  type CreateTeamMemberDto,
  type Department,
  type TeamMember,
  type TeamStats,
  type UpdateTeamMemberDto,
} from '@sixa/contracts';
import { changedOrThrow, isDuplicateKey, WorkError, WorkErrorCode } from '../work.errors';
import { memberCreated, memberDeleted, memberUpdated } from './team.events';
import { PresenceRepository } from './presence.repository';
import { TeamRepository } from './team.repository';

const notFound = () => new WorkError(WorkErrorCode.MemberNotFound, 'Team member not found');
const emailTaken = (email: string) =>
  new WorkError(WorkErrorCode.MemberEmailTaken, `A team member with the email ${email.toLowerCase()} already exists`);

@Injectable()
export class TeamService {
  constructor(
    private readonly team: TeamRepository,
    private readonly presence: PresenceRepository,
  ) {}

  /** The members with their presence: online when their user was seen in the last five minutes. */
  private async present(members: TeamMember[], now = Date.now()): Promise<TeamMember[]> {
    const seen = await this.presence.lastSeen(members.map((m) => m.email));
    return members.map((m) => {
      const at = seen.get(m.email.toLowerCase());
      return {
        ...m,
        last_seen_at: at?.toISOString() ?? null,
        is_online: !!at && at.getTime() > now - PRESENCE_WINDOW_MS,
      };
    });
  }

  private async presentOne(member: TeamMember): Promise<TeamMember> {
    return (await this.present([member]))[0];
  }

  async list(department?: Department): Promise<TeamMember[]> {
    return this.present(await this.team.list(department));
  }

  async get(id: string): Promise<TeamMember> {
    const m = await this.team.findLive(id);
    if (!m) throw notFound();
    return this.presentOne(m);
  }

  async stats(now = new Date()): Promise<TeamStats> {
    const s = await this.team.stats(await this.presence.onlineEmails(now));
    return { total_members: s.total, online_now: s.online, departments: s.departments, active_tasks: s.openTasks };
  }

  async create(actor: AuthUser, dto: CreateTeamMemberDto): Promise<TeamMember> {
    const now = new Date();
    try {
      const created = await this.team.insert(
        {
          name: dto.name,
          name_lc: dto.name.toLowerCase(),
          email: dto.email.toLowerCase(),
          role: dto.role,
          department: dto.department,
          avatar_url: dto.avatar_url || null,
          project_count: dto.project_count ?? 0,
          tasks_assigned: 0,
          tasks_completed: 0,
          tasks_open: 0,
          joined_at: now,
          deleted_at: null,
          applied_events: [],
        },
        (m) => [memberCreated(actor.id, m)],
      );
      return await this.presentOne(created);
    } catch (e) {
      throw isDuplicateKey(e) ? emailTaken(dto.email) : e;
    }
  }

  async update(actor: AuthUser, id: string, dto: UpdateTeamMemberDto, expectedRev = dto.rev): Promise<TeamMember> {
    try {
      const result = await this.team.changeById(
        id,
        (doc) => {
          const before = this.team.map(doc);
          return {
            set: {
              name: dto.name,
              name_lc: dto.name.toLowerCase(),
              email: dto.email.toLowerCase(),
              role: dto.role,
              department: dto.department,
              avatar_url: dto.avatar_url || null,
              project_count: dto.project_count ?? doc.project_count,
            },
            events: (after) => {
              const e = memberUpdated(actor.id, before, after);
              return e ? [e] : [];
            },
          };
        },
        { expectedRev },
      );
      return await this.presentOne(changedOrThrow(result, 'team member', notFound));
    } catch (e) {
      throw isDuplicateKey(e) ? emailTaken(dto.email) : e;
    }
  }

  async remove(actor: AuthUser, id: string): Promise<void> {
    const result = await this.team.changeById(id, (doc) => ({
      set: { deleted_at: new Date() },
      events: () => [memberDeleted(actor.id, this.team.map(doc))],
    }));
    changedOrThrow(result, 'team member', notFound);
  }
}
