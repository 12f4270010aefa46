import { UnavailablePage } from '../../shared/UnavailablePage';

/** Team Management: its service is not online yet (its API answers 503). */
export default function TeamPage() {
  return <UnavailablePage title="Team Management" />;
}
