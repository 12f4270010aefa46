import { UnavailablePage } from '../../shared/UnavailablePage';

/** Network Monitoring: its service is not online yet (its API answers 503). */
export default function MonitoringPage() {
  return <UnavailablePage title="Network Monitoring" />;
}
