import { TOPICS, type Quote } from '@sixa/contracts';
import { createEvent } from '@sixa/kafka';
import { http, infra, onBrokers, sleep } from '@sixa/testing';
import { Kafka, logLevel, type Producer } from 'kafkajs';
import mongoose from 'mongoose';
import { LeadsService } from '../src/leads/leads.service';
import { newLead, startCrm } from './factories';

/**
 * The lead-history consumer applies a quote event once, whatever happens between its effect and the
 * consumer's own record of the event: the lead stores the ids it applied in the same update as the
 * effect. Runs on any engine.
 */
describe('lead history consumer', () => {
  let ctx: Awaited<ReturnType<typeof startCrm>>;
  let producer: Producer;
  let conn: mongoose.Connection;

  beforeAll(async () => {
    ctx = await startCrm();
    producer = new Kafka({
      clientId: 'test-producer',
      brokers: infra().brokers,
      logLevel: logLevel.NOTHING,
    }).producer();
    await producer.connect();
    conn = await mongoose.createConnection(ctx.config.mongoUrl, { dbName: ctx.config.mongoDb }).asPromise();
  });
  afterAll(async () => {
    await producer.disconnect();
    await conn.close();
    await ctx.stop();
  });

  const sentEvent = (email: string) => {
    const quote = { id: new mongoose.Types.ObjectId().toHexString(), customer_email: email } as Quote;
    return createEvent('crm', 'quote.sent', quote.id, 'test', {
      quote_id: quote.id,
      quote_number: 'Q-TEST',
      customer_email: email,
      total_amount: 100,
      from: 'draft',
      to: 'sent',
      quote,
      e_signature_required: false,
      signer: { name: 'Test', email },
      public_url: 'http://localhost/quote/x',
    });
  };
  const publish = (event: ReturnType<typeof sentEvent>) =>
    producer.send({ topic: onBrokers(TOPICS.crm), messages: [{ key: event.subject, value: JSON.stringify(event) }] });
  const marker = (eventId: string) => ({ _id: `${ctx.config.mongoDb}-lead-history:${eventId}` });
  const markers = () => conn.collection<{ _id: string }>('processed_events');
  const quotesSent = async (id: string) => (await ctx.app.get(LeadsService).get(id)).quotes_sent;
  const until = async (check: () => Promise<boolean>, what: string) => {
    for (let i = 0; i < 150; i++) {
      if (await check()) return;
      await sleep(100);
    }
    throw new Error(`timed out waiting for ${what}`);
  };

  it('applies a redelivered event once after a crash between its effect and its record', async () => {
    const lead = (await http(ctx.url, 'POST', '/leads', { token: ctx.employee, body: newLead() })).body;
    const event = sentEvent(lead.email);
    await publish(event);
    await until(async () => (await markers().countDocuments(marker(event.id))) === 1, 'the event to be recorded');
    expect(await quotesSent(lead.id)).toBe(1);

    // As if the consumer had died after the effect, before recording the event: no record, and
    // Kafka delivers the event again.
    await markers().deleteOne(marker(event.id));
    await publish(event);
    await until(async () => (await markers().countDocuments(marker(event.id))) === 1, 'the redelivery to be handled');
    expect(await quotesSent(lead.id)).toBe(1);

    // A different event for the same lead still counts.
    const next = sentEvent(lead.email);
    await publish(next);
    await until(async () => (await quotesSent(lead.id)) === 2, 'the second event');
  });

  it('applies an event once when the handler runs twice at the same time', async () => {
    const lead = (await http(ctx.url, 'POST', '/leads', { token: ctx.employee, body: newLead() })).body;
    const event = sentEvent(lead.email);
    const service = ctx.app.get(LeadsService);
    await Promise.all([
      service.recordQuoteOutcome(event.id, lead.email, 'sent'),
      service.recordQuoteOutcome(event.id, lead.email, 'sent'),
      service.recordQuoteOutcome(event.id, lead.email, 'sent'),
    ]);
    expect(await quotesSent(lead.id)).toBe(1);
  });
});
