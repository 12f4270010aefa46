import { UnavailablePage } from '../../shared/UnavailablePage';

/** Dashboard: its service is not online yet (its API answers 503). */
export default function DashboardPage() {
  return <UnavailablePage title="Dashboard" />;
}
