import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { AuthUser } from '@sixa/auth';
import {
  computeQuoteTotals,
  type CreateQuoteDto,
  type Quote,
  type QuoteAnalyticsSummary,
  type QuoteLineItem,
  type QuoteStatus,
} from '@sixa/contracts';
import { CrmConfigRef } from '../config.provider';
import { ProductsRepository } from '../products/products.repository';
import { quoteLinkToken, verifyQuoteLinkToken } from './quote-links';
import type { QuoteDoc } from './quote.schema';
import { quoteCreated, quoteSent, quoteTransition } from './quotes.events';
import { QuotesRepository } from './quotes.repository';

const DAY_MS = 86_400_000;

@Injectable()
export class QuotesService {
  constructor(
    private readonly quotes: QuotesRepository,
    private readonly products: ProductsRepository,
    private readonly config: CrmConfigRef,
  ) {}

  list() {
    return this.quotes.list();
  }

  async get(id: string): Promise<Quote> {
    const q = await this.quotes.findById(id);
    if (!q) throw new NotFoundException({ detail: 'Quote not found' });
    return q;
  }

  /** Prices every line from the catalogue and the tier, and computes the totals exactly. */
  private async priced(dto: CreateQuoteDto): Promise<Partial<QuoteDoc>> {
    const catalogue = await this.products.byIds(dto.line_items.map((l) => l.product_service_id));
    const unknown = dto.line_items.find((l) => !catalogue.has(l.product_service_id));
    if (unknown) throw new BadRequestException({ detail: `Unknown product: ${unknown.product_service_id}` });
    const lines = dto.line_items.map((l) => {
      const product = catalogue.get(l.product_service_id)!;
      const tier = l.pricing_tier ?? 'standard';
      return { l, product, tier, unit_price: product.prices[tier] };
    });
    const tax = {
      tax_rate: dto.tax_settings?.tax_rate ?? 0,
      tax_name: dto.tax_settings?.tax_name?.trim() || 'Tax',
      is_inclusive: dto.tax_settings?.is_inclusive ?? false,
    };
    const totals = computeQuoteTotals(
      lines.map(({ l, unit_price }) => ({
        unit_price,
        quantity: l.quantity,
        discount_percentage: l.discount_percentage,
        discount_amount: l.discount_amount,
      })),
      tax,
    );
    const line_items: QuoteLineItem[] = lines.map(({ l, product, tier, unit_price }, i) => ({
      product_service_id: product.id,
      product_name: product.name,
      pricing_tier: tier,
      quantity: l.quantity,
      discount_percentage: l.discount_percentage ?? 0,
      discount_amount: l.discount_amount ?? 0,
      unit_price,
      line_total: totals.lines[i].net,
    }));
    return {
      title: dto.title.trim(),
      customer_name: dto.customer_name.trim(),
      customer_email: dto.customer_email.toLowerCase(),
      customer_phone: dto.customer_phone ?? '',
      customer_address: dto.customer_address ?? {},
      line_items,
      tax_settings: tax,
      notes: dto.notes ?? '',
      terms_conditions: dto.terms_conditions ?? '',
      expires_in_days: dto.expires_in_days ?? 30,
      e_signature_required: dto.e_signature_required ?? false,
      subtotal: totals.subtotal,
      discount_total: totals.discount_total,
      tax_amount: totals.tax_amount,
      total_amount: totals.total_amount,
    };
  }

  async create(actor: AuthUser, dto: CreateQuoteDto, extra: Partial<QuoteDoc> = {}): Promise<Quote> {
    const fields = await this.priced(dto);
    const quote_number = await this.quotes.nextNumber();
    return this.quotes.create({ ...fields, ...extra, quote_number, status: 'draft', created_by: actor.id }, (q) => [
      quoteCreated(actor.id, q),
    ]);
  }

  /** Drafts only: a sent quote is what the customer has seen. */
  async update(actor: AuthUser, id: string, dto: CreateQuoteDto): Promise<Quote> {
    await this.get(id);
    const fields = await this.priced(dto);
    const saved = await this.quotes.transition(id, ['draft'], fields, () => []);
    if (!saved) throw new ConflictException({ detail: 'Only a draft quote can be edited' });
    return saved;
  }

  publicUrl(id: string): string {
    // The customer's page in the web client; it reads /api/quotes/public/<token>.
    return `${this.config.value.publicBaseUrl}/quote/${quoteLinkToken(id, this.config.value.quoteLinkSecret)}`;
  }

  async send(actor: AuthUser, id: string): Promise<Quote & { public_url: string }> {
    const current = await this.get(id);
    const now = new Date();
    const saved = await this.quotes.transition(
      id,
      ['draft'],
      { status: 'sent', sent_at: now, expires_at: new Date(now.getTime() + current.expires_in_days * DAY_MS) },
      (q) => [quoteSent(actor.id, q, this.publicUrl(id))],
    );
    if (!saved)
      throw new ConflictException({ detail: `Only a draft quote can be sent; this one is ${current.status}` });
    return { ...saved, public_url: this.publicUrl(id) };
  }

  private idFromToken(token: string): string {
    const id = verifyQuoteLinkToken(token, this.config.value.quoteLinkSecret);
    if (!id) throw new NotFoundException({ detail: 'This quote link is not valid' });
    return id;
  }

  /** The customer opens their link: a sent quote becomes viewed. */
  async viewByCustomer(token: string): Promise<Quote> {
    const id = this.idFromToken(token);
    const quote = await this.get(id);
    if (quote.status === 'draft') throw new NotFoundException({ detail: 'This quote link is not valid' });
    if (quote.status !== 'sent') return quote;
    const viewed = await this.quotes.transition(id, ['sent'], { status: 'viewed' }, (q) => [
      quoteTransition('quote.viewed', 'customer', q, 'sent'),
    ]);
    return viewed ?? (await this.get(id));
  }

  async decideByCustomer(token: string, decision: 'accepted' | 'rejected'): Promise<Quote> {
    const id = this.idFromToken(token);
    const quote = await this.get(id);
    const from: QuoteStatus[] = ['sent', 'viewed'];
    const saved = await this.quotes.transition(id, from, { status: decision }, (q) => [
      quoteTransition(decision === 'accepted' ? 'quote.accepted' : 'quote.rejected', 'customer', q, quote.status),
    ]);
    if (!saved)
      throw new ConflictException({
        detail: `This quote is ${quote.status} and can no longer be ${decision === 'accepted' ? 'accepted' : 'rejected'}`,
      });
    return saved;
  }

  /** Expires every sent or viewed quote whose time has passed. Run by the sweeper; safe to repeat. */
  async expireDue(now = new Date()): Promise<number> {
    let expired = 0;
    for (const id of await this.quotes.dueForExpiry(now)) {
      const before = await this.quotes.findById(id);
      if (!before) continue;
      const saved = await this.quotes.transition(id, ['sent', 'viewed'], { status: 'expired' }, (q) => [
        quoteTransition('quote.expired', 'system', q, before.status),
      ]);
      if (saved) expired++;
    }
    return expired;
  }

  async summary(): Promise<QuoteAnalyticsSummary> {
    const [{ count, value }, accepted, sentOrLater] = await Promise.all([
      this.quotes.totals(),
      this.quotes.count({ status: 'accepted' }),
      this.quotes.count({ status: { $in: ['sent', 'viewed', 'accepted', 'rejected', 'expired'] } }),
    ]);
    return {
      total_quotes: count,
      conversion_rate: sentOrLater ? Math.round((accepted / sentOrLater) * 1000) / 10 : 0,
      total_value: Math.round(value * 100) / 100,
      average_quote_value: count ? Math.round((value / count) * 100) / 100 : 0,
    };
  }
}
