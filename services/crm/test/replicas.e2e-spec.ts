import { TOPICS } from '@sixa/contracts';
import { EventRecorder, http, realEngine, sleep } from '@sixa/testing';
import { startCrmService } from '../src/app.module';
import { LeadsService } from '../src/leads/leads.service';
import { catalogue, newLead, startCrm } from './factories';

/**
 * Two crm replicas on one database and one consumer group, as production runs them. Correctness
 * here comes from the engine (atomic single-document updates, unique indexes), not from anything
 * shared inside a process: on the real engine the store adapter serialises nothing. The local
 * default engine is not atomic, so these run only against a real engine (SIXA_REAL_MONGO=1).
 */
describe('crm with two replicas on one store (real engine)', () => {
  let a: Awaited<ReturnType<typeof startCrm>>;
  let b: Awaited<ReturnType<typeof startCrmService>>;
  let product: Awaited<ReturnType<typeof catalogue>>;

  beforeAll(async () => {
    if (!realEngine.enabled) return;
    a = await startCrm();
    b = await startCrmService(a.config);
    product = await catalogue(a.url, a.employee);
  });
  afterAll(async () => {
    if (!realEngine.enabled) return;
    await b.app.close();
    await a.stop();
  });

  const quoteFor = (email: string) => ({
    title: 'Replica quote',
    customer_name: 'Fox Mulder',
    customer_email: email,
    line_items: [{ product_service_id: product('CRM Platform').id, quantity: 1 }],
  });

  realEngine.it('lists a lead created on one replica from the other at once', async () => {
    const lead = (await http(a.url, 'POST', '/leads', { token: a.employee, body: newLead() })).body;
    const fromB = await http(b.url, 'GET', `/leads?q=${encodeURIComponent(lead.email)}`, { token: a.employee });
    expect(fromB.body.map((l: { id: string }) => l.id)).toEqual([lead.id]);
    expect((await http(b.url, 'GET', `/leads/${lead.id}`, { token: a.employee })).body.email).toBe(lead.email);
    // The unique index decides between the replicas: the same e-mail on the other one is refused.
    const again = await http(b.url, 'POST', '/leads', { token: a.employee, body: { ...newLead(), email: lead.email } });
    expect(again.status).toBe(409);
  });

  realEngine.it('sends a quote once when both replicas are asked at the same moment', async () => {
    const recorder = await new EventRecorder(TOPICS.crm).start();
    try {
      for (let round = 0; round < 5; round++) {
        const q = (await http(a.url, 'POST', '/quotes', { token: a.employee, body: quoteFor(newLead().email) })).body;
        const answers = await Promise.all([
          http(a.url, 'POST', `/quotes/${q.id}/send`, { token: a.employee }),
          http(b.url, 'POST', `/quotes/${q.id}/send`, { token: a.employee }),
        ]);
        expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
        expect(answers.find((r) => r.status === 409)!.body.detail).toBe(
          'Only a draft quote can be sent; this one is sent',
        );
        await recorder.waitFor((e) => e.type === 'quote.sent' && e.subject === q.id);
        await sleep(300);
        expect(recorder.events.filter((e) => e.type === 'quote.sent' && e.subject === q.id)).toHaveLength(1);
      }
    } finally {
      await recorder.stop();
    }
  });

  realEngine.it(
    'counts 200 quotes sent to one lead exactly, with the events handled by both replicas',
    async () => {
      const handled = { a: 0, b: 0 };
      for (const [name, app] of [
        ['a', a.app],
        ['b', b.app],
      ] as const) {
        const service = app.get(LeadsService);
        const original = service.recordQuoteOutcome.bind(service);
        jest.spyOn(service, 'recordQuoteOutcome').mockImplementation(async (...args) => {
          handled[name]++;
          return original(...args);
        });
      }
      const lead = (await http(a.url, 'POST', '/leads', { token: a.employee, body: newLead() })).body;
      const urls = [a.url, b.url];
      // 200 quotes for the lead's e-mail, created and sent through both replicas, 10 at a time.
      for (let i = 0; i < 200; i += 10) {
        await Promise.all(
          Array.from({ length: 10 }, async (_, j) => {
            const url = urls[(i + j) % 2];
            const q = (await http(url, 'POST', '/quotes', { token: a.employee, body: quoteFor(lead.email) })).body;
            const sent = await http(urls[(i + j + 1) % 2], 'POST', `/quotes/${q.id}/send`, { token: a.employee });
            expect(sent.status).toBe(200);
          }),
        );
      }
      const db = a.app.get(LeadsService);
      let sent = 0;
      for (let i = 0; i < 300 && sent < 200; i++) {
        await sleep(200);
        sent = (await db.get(lead.id)).quotes_sent;
      }
      await sleep(1000);
      const final = await db.get(lead.id);
      expect(final.quotes_sent).toBe(200);
      // Both replicas took part in handling them (the group's partitions are shared).
      expect(handled.a).toBeGreaterThan(0);
      expect(handled.b).toBeGreaterThan(0);
      expect(handled.a + handled.b).toBeGreaterThanOrEqual(200);
    },
    180_000,
  );
});
