import type { LeadLabel, LeadStatus, ScoreFactor } from '@sixa/contracts/browser';

export const LEAD_LABELS: readonly LeadLabel[] = ['Hot', 'Warm', 'Cold'];

/** antd preset tag colours (presets follow the active theme). */
export const LEAD_LABEL_TAG_COLOR: Record<LeadLabel, string> = { Hot: 'volcano', Warm: 'gold', Cold: 'blue' };

export const LEAD_STATUS_TAG_COLOR: Record<LeadStatus, string> = {
  new: 'default',
  contacted: 'processing',
  qualified: 'cyan',
  converted: 'success',
  lost: 'error',
};

export const DEFAULT_LEAD_SOURCE = 'Website' as const;

/** "+15 Company e-mail domain", "-5 Free e-mail domain". */
export function describeFactor({ factor, points }: ScoreFactor): string {
  return `${points > 0 ? '+' : ''}${points} ${factor}`;
}

export const capitalized = { textTransform: 'capitalize' } as const;
