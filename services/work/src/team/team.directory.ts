import { Injectable } from '@nestjs/common';
import type { TaskAssignee, TeamMember } from '@sixa/contracts';
import { TeamRepository } from './team.repository';

const asAssignee = (m: TeamMember): TaskAssignee => ({
  id: m.id,
  name: m.name,
  email: m.email,
  department: m.department,
});

/** What the tasks need of the team: who a task can be assigned to (names only; the team itself is admin-only). */
@Injectable()
export class TeamDirectory {
  constructor(private readonly team: TeamRepository) {}

  async byId(id: string): Promise<TaskAssignee | null> {
    const m = await this.team.findLive(id);
    return m ? asAssignee(m) : null;
  }

  /** The member with this name, when exactly one has it. */
  async byName(name: string): Promise<TaskAssignee | null> {
    const found = await this.team.byName(name);
    return found.length === 1 ? asAssignee(found[0]) : null;
  }

  async suggest(q: string): Promise<TaskAssignee[]> {
    return (await this.team.suggest(q)).map(asAssignee);
  }
}
