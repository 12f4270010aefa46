import { useEffect, useState } from 'react';
import { addDays, startOfDay } from './calendarDates';

/** Today's local midnight, moving on at the next midnight while the screen stays open. */
export function useToday(): Date {
  const [today, setToday] = useState(() => startOfDay(new Date()));
  useEffect(() => {
    const untilMidnight = addDays(today, 1).getTime() - Date.now();
    const timer = setTimeout(() => setToday(startOfDay(new Date())), Math.max(untilMidnight, 0) + 1000);
    return () => clearTimeout(timer);
  }, [today]);
  return today;
}
