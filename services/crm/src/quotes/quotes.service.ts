import { Injectable } from '@nestjs/common';
import type { AuthUser } from '@sixa/auth';
import {
  computeQuoteTotals,
  QUOTE_CONTENT_FORMAT,
  QUOTE_SIGNATURE_CONSENT_TEXT,
  type AcceptQuoteDto,
  type CreateQuoteDto,
  type Quote,
  type QuoteAcceptance,
  type QuoteAnalyticsSummary,
  minExpiryDays,
  quoteEditRule,
  type QuoteDetail,
  type QuoteEditRule,
  type QuoteLineItem,
  type UpdateQuoteDto,
} from '@sixa/contracts';
import type { ChangeResult } from '@sixa/mongo';
import { changedOrThrow, CrmError, CrmErrorCode } from '../crm.errors';
import { CrmConfigRef } from '../config.provider';
import { ProductsRepository } from '../products/products.repository';
import { quoteContentSha256 } from './quote-content';
import { customerSideChanges } from './quote-edits';
import { quoteLinkToken, verifyQuoteLinkToken } from './quote-links';
import type { QuoteDoc } from './quote.schema';
import { quoteAccepted, quoteCreated, quoteSent, quoteTransition, quoteUpdated } from './quotes.events';
import { QuoteSettings } from './quote-settings';
import { QuotesRepository } from './quotes.repository';

const DAY_MS = 86_400_000;

/** Where an answer came from, as the gateway forwarded it. */
export interface CustomerRequest {
  ip: string;
  userAgent: string;
}

@Injectable()
export class QuotesService {
  constructor(
    private readonly quotes: QuotesRepository,
    private readonly products: ProductsRepository,
    private readonly config: CrmConfigRef,
    private readonly settings: QuoteSettings,
  ) {}

  list() {
    return this.quotes.list();
  }

  async get(id: string): Promise<Quote> {
    const q = await this.quotes.findById(id);
    if (!q) throw new CrmError(CrmErrorCode.QuoteNotFound, 'Quote not found');
    return q;
  }

  /** What staff see of one quote: while the customer can still answer it, also the customer's link. */
  async detail(id: string): Promise<QuoteDetail> {
    const quote = await this.get(id);
    return quote.status === 'sent' || quote.status === 'viewed' ? { ...quote, public_url: this.publicUrl(id) } : quote;
  }

  /** Prices every line from the catalogue and the tier, and computes the totals exactly. */
  private async priced(dto: CreateQuoteDto): Promise<Partial<QuoteDoc>> {
    const catalogue = await this.products.byIds(dto.line_items.map((l) => l.product_service_id));
    const unknown = dto.line_items.find((l) => !catalogue.has(l.product_service_id));
    if (unknown) throw new CrmError(CrmErrorCode.UnknownProduct, `Unknown product: ${unknown.product_service_id}`);
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
      expires_in_days: dto.expires_in_days ?? (await this.settings.defaults()).expires_in_days,
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
    return this.quotes.insert({ ...fields, ...extra, quote_number, status: 'draft', created_by: actor.id }, (q) => [
      quoteCreated(actor.id, q),
    ]);
  }

  /**
   * A draft: every field. A sent or viewed quote: only what `quoteEditRule` leaves open (notes, terms,
   * expiry; its expiry moves with the days, from its sending); an edit that would change what the
   * customer has seen is refused (409) naming it. A decided quote: nothing. With `expectedRev`, only
   * the revision the editor read.
   */
  async update(actor: AuthUser, id: string, dto: UpdateQuoteDto, expectedRev = dto.rev): Promise<Quote> {
    const current = await this.get(id);
    const rule = quoteEditRule(current);
    if (rule.editable !== 'all') return this.updateSent(actor, current, dto, rule, expectedRev);
    const fields = await this.priced(dto);
    const result = await this.quotes.transition(
      id,
      ['draft'],
      (doc) => {
        const before = this.quotes.map(doc);
        return { set: fields, events: (after) => quoteUpdated(actor.id, before, after) };
      },
      { expectedRev },
    );
    return this.outcomeOf(id, result, (q) => `Only a draft quote can be edited; this one is ${q.status}`);
  }

  /** The edit of a quote no longer a draft: the fields its rule leaves open, in one conditional update. */
  private async updateSent(
    actor: AuthUser,
    current: Quote,
    dto: UpdateQuoteDto,
    rule: QuoteEditRule,
    expectedRev: number | undefined,
  ): Promise<Quote> {
    const { id } = current;
    if (rule.editable === 'all' || rule.editable.length === 0)
      throw new CrmError(CrmErrorCode.QuoteLocked, rule.reason!);
    const changed = customerSideChanges(current, dto);
    if (changed.length)
      throw new CrmError(CrmErrorCode.QuoteLocked, `${rule.reason} This edit would change its ${changed.join(', ')}.`);
    const days = dto.expires_in_days ?? current.expires_in_days;
    const sentAt = current.sent_at ? Date.parse(current.sent_at) : Date.now();
    const expiresAt = new Date(sentAt + days * DAY_MS);
    if (expiresAt.getTime() <= Date.now())
      throw new CrmError(
        CrmErrorCode.QuoteExpiryPassed,
        `With ${days} days this quote would have expired on ${expiresAt.toISOString().slice(0, 10)} (it was sent on ${new Date(sentAt).toISOString().slice(0, 10)}): give it at least ${minExpiryDays(current.sent_at)} days`,
      );
    const set = {
      notes: dto.notes ?? '',
      terms_conditions: dto.terms_conditions ?? '',
      expires_in_days: days,
      expires_at: expiresAt,
    };
    const result = await this.quotes.transition(
      id,
      ['sent', 'viewed'],
      (doc) => {
        const before = this.quotes.map(doc);
        return { set, events: (after) => quoteUpdated(actor.id, before, after) };
      },
      { expectedRev },
    );
    return this.outcomeOf(id, result, (q) => quoteEditRule(q).reason ?? `This quote is ${q.status}`);
  }

  /** What a transition's result means for the caller; `wrongState` explains a quote no longer in the expected state. */
  private async outcomeOf(id: string, result: ChangeResult<Quote>, wrongState: (q: Quote) => string): Promise<Quote> {
    if (result.status === 'missing') {
      const now = await this.get(id);
      throw new CrmError(CrmErrorCode.QuoteNotDraft, wrongState(now));
    }
    return changedOrThrow(result, 'quote', () => new CrmError(CrmErrorCode.QuoteNotFound, 'Quote not found'));
  }

  publicUrl(id: string): string {
    // The customer's page in the web client; it reads /api/quotes/public/<token>.
    return `${this.config.value.publicUrl}/quote/${quoteLinkToken(id, this.config.value.quoteLinkSecret)}`;
  }

  /** One conditional update from draft: of two concurrent sends (any replicas), one wins and the other gets 409. */
  async send(actor: AuthUser, id: string): Promise<Quote & { public_url: string }> {
    await this.get(id);
    const now = new Date();
    const publicUrl = this.publicUrl(id);
    const result = await this.quotes.transition(id, ['draft'], (doc) => ({
      set: { status: 'sent', sent_at: now, expires_at: new Date(now.getTime() + doc.expires_in_days * DAY_MS) },
      events: (q) => [quoteSent(actor.id, q, publicUrl)],
    }));
    const sent = await this.outcomeOf(id, result, (q) => `Only a draft quote can be sent; this one is ${q.status}`);
    return { ...sent, public_url: publicUrl };
  }

  private idFromToken(token: string): string {
    const id = verifyQuoteLinkToken(token, this.config.value.quoteLinkSecret);
    if (!id) throw new CrmError(CrmErrorCode.QuoteLinkInvalid, 'This quote link is not valid');
    return id;
  }

  /** The customer opens their link: a sent quote becomes viewed. */
  async viewByCustomer(token: string): Promise<Quote> {
    const id = this.idFromToken(token);
    const quote = await this.get(id);
    if (quote.status === 'draft') throw new CrmError(CrmErrorCode.QuoteLinkInvalid, 'This quote link is not valid');
    if (quote.status !== 'sent') return quote;
    const result = await this.quotes.transition(id, ['sent'], () => ({
      set: { status: 'viewed' },
      events: (q) => [quoteTransition('quote.viewed', 'customer', q, 'sent')],
    }));
    return result.status === 'changed' ? result.value : this.get(id);
  }

  /**
   * The customer accepts through their link. The evidence (who typed what, when, from where, and the
   * hash of the content as it stands in the revision accepted) is written in the same conditional
   * update as the status, and carried by quote.accepted.
   */
  async acceptByCustomer(token: string, dto: AcceptQuoteDto, from: CustomerRequest): Promise<Quote> {
    const id = this.idFromToken(token);
    const quote = await this.get(id);
    if (quote.status !== 'sent' && quote.status !== 'viewed')
      throw new CrmError(CrmErrorCode.QuoteClosed, `This quote is ${quote.status} and can no longer be accepted`);
    const signerName = dto.signer_name?.trim() || null;
    if (quote.e_signature_required && quote.signing_url)
      throw new CrmError(
        CrmErrorCode.QuoteSignedByDocument,
        'This quote is accepted by signing it: open the signing page from your quote',
      );
    // Whether a signature is needed cannot change meanwhile: only drafts are edited.
    if (quote.e_signature_required) {
      if (!signerName)
        throw new CrmError(
          CrmErrorCode.QuoteSignatureIncomplete,
          'This quote requires an e-signature: type your full name to sign it',
        );
      if (dto.consent !== true)
        throw new CrmError(
          CrmErrorCode.QuoteSignatureIncomplete,
          'This quote requires an e-signature: tick the consent to sign it electronically',
        );
    }
    const now = new Date();
    const result = await this.quotes.decide(id, now, (doc) => {
      const signed = doc.e_signature_required;
      const acceptance: QuoteAcceptance = {
        method: signed ? 'typed_name' : 'click',
        signer_name: signerName,
        consent: signed,
        consent_text: signed ? QUOTE_SIGNATURE_CONSENT_TEXT : null,
        accepted_at: now.toISOString(),
        ip: from.ip,
        user_agent: from.userAgent.slice(0, 512),
        content_format: QUOTE_CONTENT_FORMAT,
        // The revision being accepted, as the customer's page shows it.
        content_sha256: quoteContentSha256(this.quotes.map(doc)),
      };
      return {
        set: { status: 'accepted', acceptance: { ...acceptance, accepted_at: now } },
        events: (q) => [quoteAccepted(q, doc.status, acceptance)],
      };
    });
    return this.decided(id, result, 'accepted');
  }

  /**
   * The quote e-signature chain, crm's half: the Document Center sent the quote's document, and this
   * is the customer's signing page (shown on their quote page instead of a plain Accept). Set once
   * per URL; only while the customer can still decide.
   */
  async recordSigningUrl(id: string, url: string): Promise<void> {
    await this.quotes.transition(id, ['sent', 'viewed'], (doc) =>
      doc.signing_url === url ? null : { set: { signing_url: url } },
    );
  }

  /**
   * The customer signed the quote's document: the quote is accepted, with the signature as its
   * evidence, in one conditional update from sent or viewed (before its expiry, as of the signing
   * time). A redelivered event finds it accepted and changes nothing: one quote.accepted.
   */
  async acceptBySignature(
    id: string,
    signed: { document_id: string; signer_name: string; ip: string | null; user_agent: string | null; at: Date },
  ): Promise<'accepted' | 'already' | 'closed'> {
    const quote = await this.quotes.findById(id);
    if (!quote) return 'closed';
    if (quote.status === 'accepted') return 'already';
    const result = await this.quotes.decide(id, signed.at, (doc) => {
      const acceptance: QuoteAcceptance = {
        method: 'e_signature',
        signer_name: signed.signer_name,
        consent: true,
        consent_text: 'I agree to sign this document electronically.',
        accepted_at: signed.at.toISOString(),
        ip: signed.ip ?? '',
        user_agent: (signed.user_agent ?? '').slice(0, 512),
        content_format: QUOTE_CONTENT_FORMAT,
        content_sha256: quoteContentSha256(this.quotes.map(doc)),
        document_id: signed.document_id,
      };
      return {
        set: { status: 'accepted', acceptance: { ...acceptance, accepted_at: signed.at } },
        events: (q) => [quoteAccepted(q, doc.status, acceptance)],
      };
    });
    return result.status === 'changed' ? 'accepted' : 'closed';
  }

  async rejectByCustomer(token: string): Promise<Quote> {
    const id = this.idFromToken(token);
    await this.get(id);
    const result = await this.quotes.decide(id, new Date(), (doc) => ({
      set: { status: 'rejected' },
      events: (q) => [quoteTransition('quote.rejected', 'customer', q, doc.status)],
    }));
    return this.decided(id, result, 'rejected');
  }

  private async decided(id: string, result: ChangeResult<Quote>, decision: 'accepted' | 'rejected'): Promise<Quote> {
    if (result.status === 'missing') {
      const now = await this.get(id);
      const verb = decision === 'accepted' ? 'accepted' : 'rejected';
      const lapsed = (now.status === 'sent' || now.status === 'viewed') && now.expires_at;
      throw new CrmError(
        CrmErrorCode.QuoteClosed,
        lapsed
          ? `This quote expired on ${now.expires_at!.slice(0, 10)} and can no longer be ${verb}`
          : `This quote is ${now.status} and can no longer be ${verb}`,
      );
    }
    return changedOrThrow(result, 'quote', () => new CrmError(CrmErrorCode.QuoteNotFound, 'Quote not found'));
  }

  /** Expires every sent or viewed quote whose time has passed. Run by one replica (the sweeper's lease); safe to repeat. */
  async expireDue(now = new Date()): Promise<number> {
    let expired = 0;
    for (const id of await this.quotes.dueForExpiry(now)) {
      const result = await this.quotes.transition(id, ['sent', 'viewed'], (doc) => ({
        set: { status: 'expired' },
        events: (q) => [quoteTransition('quote.expired', 'system', q, doc.status)],
      }));
      if (result.status === 'changed') expired++;
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
