import type { CreateQuoteDto, Quote } from '@sixa/contracts';

/** A record with its keys in one order, so that two of them compare as text. */
function sorted(record: Record<string, string> | undefined): string {
  const entries = Object.entries(record ?? {})
    .filter(([, value]) => value !== undefined && value !== '')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(entries);
}

/** The parts of a quote the customer has seen, as an edit would set them (the same defaults as a create). */
function customerSide(dto: CreateQuoteDto) {
  return {
    title: dto.title.trim(),
    customer: JSON.stringify([
      dto.customer_name.trim(),
      dto.customer_email.toLowerCase(),
      dto.customer_phone ?? '',
      sorted(dto.customer_address),
    ]),
    line_items: JSON.stringify(
      dto.line_items.map((l) => [
        l.product_service_id,
        l.pricing_tier ?? 'standard',
        l.quantity,
        l.discount_percentage ?? 0,
        l.discount_amount ?? 0,
      ]),
    ),
    tax: JSON.stringify([
      dto.tax_settings?.tax_rate ?? 0,
      dto.tax_settings?.tax_name?.trim() || 'Tax',
      dto.tax_settings?.is_inclusive ?? false,
    ]),
    e_signature: String(dto.e_signature_required ?? false),
  };
}

/** The same parts of the quote as stored. */
function storedSide(q: Quote): ReturnType<typeof customerSide> {
  return {
    title: q.title,
    customer: JSON.stringify([q.customer_name, q.customer_email, q.customer_phone ?? '', sorted(q.customer_address)]),
    line_items: JSON.stringify(
      q.line_items.map((l) => [
        l.product_service_id,
        l.pricing_tier,
        l.quantity,
        l.discount_percentage,
        l.discount_amount,
      ]),
    ),
    tax: JSON.stringify([q.tax_settings.tax_rate, q.tax_settings.tax_name, q.tax_settings.is_inclusive]),
    e_signature: String(q.e_signature_required),
  };
}

const NAMES: Record<keyof ReturnType<typeof customerSide>, string> = {
  title: 'title',
  customer: "customer's details",
  line_items: 'line items',
  tax: 'tax',
  e_signature: 'e-signature',
};

/**
 * What an edit (the full quote, as PUT sends it) would change of what the customer has already
 * seen, in words ('line items', 'tax'); empty when it leaves all that as it is.
 */
export function customerSideChanges(current: Quote, dto: CreateQuoteDto): string[] {
  const wanted = customerSide(dto);
  const stored = storedSide(current);
  return (Object.keys(NAMES) as (keyof typeof NAMES)[]).filter((k) => wanted[k] !== stored[k]).map((k) => NAMES[k]);
}
