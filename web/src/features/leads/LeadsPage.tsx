import { UnavailablePage } from '../../shared/UnavailablePage';

/** Lead Generation: its service is not online yet (its API answers 503). */
export default function LeadsPage() {
  return <UnavailablePage title="Lead Generation" />;
}
