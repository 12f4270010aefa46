import type { PricingTier, QuoteStatus } from '@sixa/contracts/browser';

/** antd preset tag colours (presets follow the active theme). */
export const QUOTE_STATUS_TAG_COLOR: Record<QuoteStatus, string> = {
  draft: 'default',
  sent: 'processing',
  viewed: 'cyan',
  accepted: 'success',
  rejected: 'error',
  expired: 'warning',
};

export const PRICING_TIER_LABELS: Record<PricingTier, string> = {
  standard: 'Standard',
  premium: 'Premium',
  enterprise: 'Enterprise',
};

/** The status text stays the API value ('draft'); it only looks capitalised. */
export const capitalized = { textTransform: 'capitalize' } as const;

/** "sent" -> "Sent", where CSS cannot capitalise (a filter's menu, a plain string). */
export const statusLabel = (status: QuoteStatus) => status[0].toUpperCase() + status.slice(1);
