import { UnavailablePage } from '../../shared/UnavailablePage';

/** Task Management: its service is not online yet (its API answers 503). */
export default function TasksPage() {
  return <UnavailablePage title="Task Management" />;
}
