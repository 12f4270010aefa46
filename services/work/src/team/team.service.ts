import { Injectable } from '@nestjs/common';
import type { AuthUser } from '@sixa/auth';
import type { CreateTeamMemberDto, Department, TeamMember, TeamStats, UpdateTeamMemberDto } from '@sixa/contracts';
import { changedOrThrow, isDuplicateKey, WorkError, WorkErrorCode } from '../work.errors';
import { memberCreated, memberDeleted, memberUpdated } from './team.events';
import { TeamRepository } from './team.repository';

const notFound = () => new WorkError(WorkErrorCode.MemberNotFound, 'Team member not found');
const emailTaken = (email: string) =>
  new WorkError(WorkErrorCode.MemberEmailTaken, `A team member with the email ${email.toLowerCase()} already exists`);

@Injectable()
export class TeamService {
  constructor(private readonly team: TeamRepository) {}

  list(department?: Department) {
    return this.team.list(department);
  }

  async get(id: string): Promise<TeamMember> {
    const m = await this.team.findLive(id);
    if (!m) throw notFound();
    return m;
  }

  async stats(now = new Date()): Promise<TeamStats> {
    const s = await this.team.stats(now);
    return { total_members: s.total, online_now: s.online, departments: s.departments, active_tasks: s.openTasks };
  }

  async create(actor: AuthUser, dto: CreateTeamMemberDto): Promise<TeamMember> {
    const now = new Date();
    try {
      return await this.team.create(
        {
          name: dto.name,
          name_lc: dto.name.toLowerCase(),
          email: dto.email.toLowerCase(),
          role: dto.role,
          department: dto.department,
          avatar_url: dto.avatar_url || null,
          project_count: dto.project_count ?? 0,
          last_seen_at: null,
          tasks_assigned: 0,
          tasks_completed: 0,
          tasks_open: 0,
          joined_at: now,
          deleted_at: null,
          applied_events: [],
        },
        (m) => [memberCreated(actor.id, m)],
      );
    } catch (e) {
      throw isDuplicateKey(e) ? emailTaken(dto.email) : e;
    }
  }

  async update(actor: AuthUser, id: string, dto: UpdateTeamMemberDto): Promise<TeamMember> {
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
        { expectedRev: dto.rev },
      );
      return changedOrThrow(result, 'team member', notFound);
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
