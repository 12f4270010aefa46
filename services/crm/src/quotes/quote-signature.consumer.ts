import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { TOPICS, type EventEnvelope } from '@sixa/contracts';
import { KafkaLifecycle } from '@sixa/kafka';
import { createLogger } from '@sixa/observability';
import { CrmConfigRef } from '../config.provider';
import { QuotesService } from './quotes.service';

/**
 * The quote e-signature chain, crm's half (documents.events.v1): the customer's signing page once the
 * quote's document is out (`document.sent_for_signature`), and the quote accepted once every signer
 * has signed it (`document.signed` with `completed`). Both are conditional updates of the quote, so a
 * redelivery or a second replica changes nothing: one quote.accepted, one score rise.
 */
@Injectable()
export class QuoteSignatureConsumer implements OnApplicationBootstrap {
  private readonly logger = createLogger('crm:quote-signatures');

  constructor(
    private readonly kafka: KafkaLifecycle,
    private readonly quotes: QuotesService,
    private readonly config: CrmConfigRef,
  ) {}

  onApplicationBootstrap() {
    this.kafka.consume(
      { groupId: `${this.config.value.mongoDb}-quote-signatures`, topics: [TOPICS.documents], fromBeginning: false },
      (event) => this.handle(event),
    );
  }

  async handle(event: EventEnvelope): Promise<void> {
    if (event.type !== 'document.sent_for_signature' && event.type !== 'document.signed') return;
    if (event.type === 'document.sent_for_signature') {
      const { quote_id, customer_signing_url } = event.data;
      if (quote_id && customer_signing_url) await this.quotes.recordSigningUrl(quote_id, customer_signing_url);
      return;
    }
    if (event.type !== 'document.signed' || !event.data.completed || !event.data.quote_id) return;
    const d = event.data;
    const signedAt = d.document.signature?.completed_at ?? event.time;
    const outcome = await this.quotes.acceptBySignature(d.quote_id!, {
      document_id: d.document.id,
      signer_name: d.signer_name,
      ip: d.signer_ip,
      user_agent: d.signer_user_agent,
      at: new Date(signedAt),
    });
    if (outcome === 'closed')
      this.logger.warn(
        { quote: d.quote_id, document: d.document.id },
        'the quote was signed after it closed (expired or rejected): left as it is',
      );
  }
}
