import { UnavailablePage } from '../../shared/UnavailablePage';

/** Document Center: its service is not online yet (its API answers 503). */
export default function DocumentsPage() {
  return <UnavailablePage title="Document Center" />;
}
