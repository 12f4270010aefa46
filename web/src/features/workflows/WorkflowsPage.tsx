import { UnavailablePage } from '../../shared/UnavailablePage';

/** Workflow Automation: its service is not online yet (its API answers 503). */
export default function WorkflowsPage() {
  return <UnavailablePage title="Workflow Automation" />;
}
