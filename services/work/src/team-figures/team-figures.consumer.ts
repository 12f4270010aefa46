import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { TOPICS, type EventEnvelope } from '@sixa/contracts';
import { KafkaLifecycle } from '@sixa/kafka';
import { WorkConfigRef } from '../config.provider';
import { TasksRepository } from '../tasks/tasks.repository';
import { TeamRepository } from '../team/team.repository';

/**
 * A member's task figures follow the task events: each event that concerns a member (as assignee
 * now or before) recounts that member's tasks and stores the counts. A recount is a natural upsert
 * (redeliveries change nothing), and it is written on the revision read before counting, so that two
 * recounts racing on different replicas cannot leave the older count behind.
 */
@Injectable()
export class TeamFiguresConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly kafka: KafkaLifecycle,
    private readonly team: TeamRepository,
    private readonly tasks: TasksRepository,
    private readonly config: WorkConfigRef,
  ) {}

  onApplicationBootstrap() {
    this.kafka.consume(
      {
        groupId: `${this.config.value.mongoDb}-team-figures`,
        topics: [TOPICS.work],
        fromBeginning: true,
        // No dedupe store: a recount is idempotent by itself, and a new group reading a long topic
        // should not write bookkeeping for each event (most concern no member of this team).
      },
      (event) => this.apply(event),
    );
  }

  async apply(event: EventEnvelope): Promise<void> {
    const members = new Set<string>();
    switch (event.type) {
      case 'task.created':
      case 'task.status_changed':
      case 'task.deleted':
        if (event.data.task.assignee_id) members.add(event.data.task.assignee_id);
        break;
      case 'task.updated':
        if (event.data.task.assignee_id) members.add(event.data.task.assignee_id);
        if (typeof event.data.before.assignee_id === 'string') members.add(event.data.before.assignee_id);
        break;
      case 'team_member.created':
        // Tasks may have named the member before they joined: nothing links them yet, but a recount is cheap.
        members.add(event.data.member.id);
        break;
      default:
        return;
    }
    for (const id of members) await this.recount(id);
  }

  async recount(memberId: string): Promise<void> {
    for (let attempt = 0; attempt < 20; attempt++) {
      const member = await this.team.findLive(memberId);
      if (!member) return;
      const f = await this.tasks.figuresOf(memberId);
      const r = await this.team.changeById(
        memberId,
        (doc) =>
          doc.tasks_assigned === f.assigned && doc.tasks_completed === f.completed && doc.tasks_open === f.open
            ? null
            : { set: { tasks_assigned: f.assigned, tasks_completed: f.completed, tasks_open: f.open } },
        { expectedRev: member.rev },
      );
      if (r.status !== 'stale') return;
    }
    throw new Error(`team member ${memberId} kept changing; the event will be retried`);
  }
}
