import { UnavailablePage } from '../../shared/UnavailablePage';

/** Settings: its service is not online yet (its API answers 503). */
export default function SettingsPage() {
  return <UnavailablePage title="Settings" />;
}
