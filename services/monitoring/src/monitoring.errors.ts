import { isDuplicateKey } from '@sixa/mongo';
import { DomainError, type DomainErrorKind } from '@sixa/observability';

/** Every way a monitoring request can fail, in the domain's words; mapped to a kind (and so to HTTP) below, once. */
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

function kindOf(code: MonitoringErrorCode): DomainErrorKind {
  switch (code) {
    case MonitoringErrorCode.AlertNotFound:
    case MonitoringErrorCode.NoAnalysisYet:
      return 'not_found';
    case MonitoringErrorCode.AlertTransitionRefused:
      return 'conflict';
    case MonitoringErrorCode.AlertBusy:
    case MonitoringErrorCode.NoSampleYet:
      return 'busy';
    default: {
      const unknown: never = code;
      throw new Error(`unmapped monitoring error ${String(unknown)}`);
    }
  }
}

export class MonitoringError extends DomainError {
  constructor(code: MonitoringErrorCode, detail: string) {
    super(kindOf(code), code, detail);
  }
}

export { isDuplicateKey };
