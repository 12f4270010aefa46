import { DomainError, type DomainErrorKind } from '@sixa/observability';

/** Every way a dashboard request can fail. */
export enum DashboardErrorCode {
  InvalidQuery = 'DASHBOARD_INVALID_QUERY',
}

function kindOf(code: DashboardErrorCode): DomainErrorKind {
  switch (code) {
    case DashboardErrorCode.InvalidQuery:
      return 'invalid';
    default: {
      const unknown: never = code;
      throw new Error(`unmapped dashboard error ${String(unknown)}`);
    }
  }
}

export class DashboardError extends DomainError {
  constructor(code: DashboardErrorCode, detail: string) {
    super(kindOf(code), code, detail);
  }
}
