import type { Workflow } from '@sixa/contracts';
import type { CreatedKind } from './created';
import type { ToolOutcome } from './tool-context';

export function proposeFollowUpWorkflow(p: { hotOnly: boolean; waitDays: number }): ToolOutcome {
  const wait = Math.min(Math.max(Math.round(p.waitDays), 1), 30);
  const body = {
    name: p.hotOnly ? 'Hot lead follow-up' : 'New lead follow-up',
    description: `Made with SIXA: a task to follow up every ${p.hotOnly ? 'hot ' : ''}new lead, and a second one ${wait} days later.`,
    trigger: {
      type: 'event',
      event_type: 'lead.created',
      conditions: p.hotOnly ? [{ field: 'lead.score', op: 'gt', value: 79 }] : [],
    },
    steps: [
      {
        action: 'create_task',
        description: 'First follow-up',
        delay: 0,
        params: {
          title: 'Follow up with {{lead.name}} ({{lead.company}})',
          description: 'New lead {{lead.email}} (score {{lead.score}}): get in touch.',
          priority: p.hotOnly ? 'high' : 'medium',
          due_in_days: 1,
        },
      },
      { action: 'wait', description: `Wait ${wait} days`, delay: 0, params: { seconds: wait * 86_400 } },
      {
        action: 'create_task',
        description: 'Second follow-up',
        delay: 0,
        params: {
          title: 'Second follow-up with {{lead.name}} if no reply',
          description: 'No answer yet from {{lead.email}}? Try again or change the approach.',
          priority: 'medium',
          due_in_days: 1,
        },
      },
    ],
  };
  const summary =
    `Create the workflow '${body.name}': when a ${p.hotOnly ? 'hot lead (score 80 or more)' : 'lead'} is created → ` +
    `create a task 'Follow up with {name}' due the next day → wait ${wait} days → create a task 'Second follow-up with {name} if no reply'?`;
  return {
    text: summary,
    proposal: { tool: 'create_followup_workflow', summary, calls: [{ method: 'POST', path: '/workflows', body }] },
  };
}

export const workflowCreated: CreatedKind<Workflow> = {
  prefix: '/workflows',
  what: 'create the workflow',
  describe: (w, id) => ({
    text: `created the workflow '${w.name}' (active)`,
    link: { label: `Workflow: ${w.name}`, href: `/workflows?focus=${id}` },
  }),
};
