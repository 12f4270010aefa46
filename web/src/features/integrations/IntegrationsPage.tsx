import { UnavailablePage } from '../../shared/UnavailablePage';

/** Integrations Hub: its service is not online yet (its API answers 503). */
export default function IntegrationsPage() {
  return <UnavailablePage title="Integrations Hub" />;
}
