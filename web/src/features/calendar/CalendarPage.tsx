import { UnavailablePage } from '../../shared/UnavailablePage';

/** Calendar: its service is not online yet (its API answers 503). */
export default function CalendarPage() {
  return <UnavailablePage title="Calendar" />;
}
