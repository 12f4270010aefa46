import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { formatUsd, SIGNING_DEADLINE_DAYS_MAX, TOPICS, type EventEnvelope, type Quote } from '@sixa/contracts';
import { KafkaLifecycle } from '@sixa/kafka';
import { isDuplicateKey } from '@sixa/mongo';
import Handlebars from 'handlebars';
import { DocumentsConfigRef } from '../config.provider';
import { documentCreated } from '../documents/documents.events';
import { DocumentsRepository } from '../documents/documents.repository';
import { SignatureSendingService } from './signature-sending.service';

/** Amounts as the quote screens show them (en-US dollars: $2,700.00). */
const money = (n: number) => formatUsd(Number.isFinite(n) ? n : 0);

/** The quote's document: what the customer signs (escaped by handlebars; the quote's own figures). */
const QUOTE_TEMPLATE = Handlebars.compile(
  `<h1>Quote {{quote_number}}: {{title}}</h1>
<p>For {{customer_name}} ({{customer_email}})</p>
<h2>Items</h2>
<table>
<thead><tr><th>Item</th><th class="num">Quantity</th><th class="num">Unit price</th><th class="num">Discount</th><th class="num">Line total</th></tr></thead>
<tbody>
{{#each lines}}<tr><td>{{name}}</td><td class="num">{{quantity}}</td><td class="num">{{unit_price}}</td><td class="num">{{discount}}</td><td class="num">{{total}}</td></tr>
{{/each}}</tbody>
</table>
<table>
<tbody>
<tr><th>Subtotal</th><td class="num">{{subtotal}}</td></tr>
<tr><th>Discounts</th><td class="num">{{discount_total}}</td></tr>
<tr><th>{{tax_name}}</th><td class="num">{{tax_amount}}</td></tr>
<tr><th>Total</th><td class="num"><strong>{{total_amount}}</strong></td></tr>
</tbody>
</table>
{{#if notes}}<h2>Notes</h2><p>{{notes}}</p>{{/if}}
{{#if terms}}<h2>Terms and conditions</h2><p>{{terms}}</p>{{/if}}
<p>By signing, {{customer_name}} accepts this quote as shown.</p>`,
  { strict: false, noEscape: false },
);

export function quoteDocumentContent(q: Quote): string {
  return QUOTE_TEMPLATE({
    quote_number: q.quote_number,
    title: q.title,
    customer_name: q.customer_name,
    customer_email: q.customer_email,
    lines: (q.line_items ?? []).map((l) => ({
      name: l.product_name,
      quantity: l.quantity,
      unit_price: money(l.unit_price),
      discount: money(l.discount_amount),
      total: money(l.line_total),
    })),
    subtotal: money(q.subtotal),
    discount_total: money(q.discount_total),
    tax_name: q.tax_settings?.tax_name || 'Tax',
    tax_amount: money(q.tax_amount),
    total_amount: money(q.total_amount),
    notes: q.notes,
    terms: q.terms_conditions,
  });
}

/**
 * The quote e-signature chain, documents' half: `quote.sent` for a quote that requires an e-signature
 * makes the quote's document (one per quote: a unique index on `quote_id`) and sends it to the
 * customer for signature. A redelivery finds the document and, if it is already out, does nothing;
 * if a crash came between making and sending it, sends it now. `document.signed` then tells crm.
 */
@Injectable()
export class QuoteDocumentsConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly kafka: KafkaLifecycle,
    private readonly documents: DocumentsRepository,
    private readonly signing: SignatureSendingService,
    private readonly config: DocumentsConfigRef,
  ) {}

  onApplicationBootstrap() {
    this.kafka.consume(
      {
        groupId: `${this.config.value.mongoDb}-quote-signatures`,
        topics: [TOPICS.crm],
        fromBeginning: false,
        // Sending prints the PDF, which may wait for the converter (busy, restarting): tried for
        // about half a minute (2 + 4 + 6 + 8 + 10 s between tries) before the event is dead-lettered.
        maxAttempts: 6,
        retryDelayMs: 2000,
      },
      (event) => this.handle(event),
    );
  }

  async handle(event: EventEnvelope): Promise<void> {
    if (event.type !== 'quote.sent' || !event.data.e_signature_required) return;
    const { quote, signer } = event.data;
    let doc = await this.documents.findByQuote(quote.id);
    if (!doc) {
      const now = new Date();
      try {
        await this.documents.insert(
          {
            title: `Quote ${quote.quote_number}: ${quote.title}`,
            description: `For ${quote.customer_name}; sent for e-signature with the quote`,
            template_id: null,
            type: 'proposal',
            category_id: null,
            content: quoteDocumentContent(quote),
            file_format: 'pdf',
            access_level: 'team',
            signature_required: true,
            signers: [{ name: signer.name, email: signer.email.toLowerCase(), role: 'customer' }],
            created_by: quote.created_by,
            tags: ['quote', quote.quote_number],
            status: 'active',
            docusign_status: null,
            version: 1,
            version_created_by: quote.created_by,
            version_created_at: now,
            share_token: null,
            live: true,
            deleted_at: null,
            quote_id: quote.id,
          },
          (d) => [documentCreated(quote.created_by, d, [])],
        );
      } catch (e) {
        if (!isDuplicateKey(e)) throw e;
      }
      doc = await this.documents.findByQuote(quote.id);
    }
    if (!doc || doc.status !== 'active' || doc.signature) return;
    const days = quote.expires_at
      ? Math.ceil((new Date(quote.expires_at).getTime() - Date.now()) / 86_400_000)
      : quote.expires_in_days;
    await this.signing.sendDoc(quote.created_by, doc, {
      signers: [{ name: signer.name, email: signer.email, role: 'customer' }],
      email_subject: `Quote ${quote.quote_number}: please review and sign`,
      email_message: `Here is your quote "${quote.title}". Signing it accepts the quote.`,
      send_reminders: true,
      signing_order: 'sequential',
      expires_in_days: Math.min(Math.max(days, 1), SIGNING_DEADLINE_DAYS_MAX),
    });
  }
}
