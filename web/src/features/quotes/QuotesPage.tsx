import { UnavailablePage } from '../../shared/UnavailablePage';

/** Quoting Tool: its service is not online yet (its API answers 503). */
export default function QuotesPage() {
  return <UnavailablePage title="Quoting Tool" />;
}
