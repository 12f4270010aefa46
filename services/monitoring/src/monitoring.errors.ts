import { isDuplicateKey } from '@sixa/mongo';
import { contextError } from '@sixa/observability';

/** Every way a monitoring request can fail, in the domain's words; each given its kind (and so its HTTP status) once, below. */
export enum MonitoringErrorCode {
  AlertNotFound = 'ALERT_NOT_FOUND',
  /** Acknowledge or resolve from a state that does not allow it. */
  AlertTransitionRefused = 'ALERT_TRANSITION_REFUSED',
  /** Other writers kept changing the alert through every attempt. */
  AlertBusy = 'ALERT_BUSY',
  /** No sample has been taken (or stored) yet: a fresh deployment in its first seconds. */
  NoSampleYet = 'NO_SAMPLE_YET',
  NoAnalysisYet = 'NO_ANALYSIS_YET',
}

export class MonitoringError extends contextError<MonitoringErrorCode>({
  [MonitoringErrorCode.AlertNotFound]: 'not_found',
  [MonitoringErrorCode.AlertTransitionRefused]: 'conflict',
  [MonitoringErrorCode.AlertBusy]: 'busy',
  [MonitoringErrorCode.NoSampleYet]: 'busy',
  [MonitoringErrorCode.NoAnalysisYet]: 'not_found',
}) {}

export { isDuplicateKey };
