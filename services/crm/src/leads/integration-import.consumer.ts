import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { actingAs } from '@sixa/auth';
import {
  changedAtProvider,
  CreateLeadDto,
  importAnswer,
  importedVersion,
  isNotNewer,
  LEAD_SOURCES,
  TOPICS,
  type EventEnvelope,
  type EventMap,
  type ImportedContact,
  type Lead,
} from '@sixa/contracts';
import { createEvent, IdempotentProducer, KafkaLifecycle } from '@sixa/kafka';
import { validationDetail } from '@sixa/observability';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { CrmConfigRef } from '../config.provider';
import { isDuplicateKey } from '../crm.errors';
import { ImportBatchesRepository } from './import-batches.repository';
import type { LeadDoc } from './lead.schema';
import { leadCreated } from './leads.events';
import { LeadsRepository, type StoredLead } from './leads.repository';
import { LeadsService } from './leads.service';

type Answer = EventMap['lead.import_batch_applied'];

/**
 * Contacts a sync brings in (integration.contacts_import_requested, one page at a time) become
 * leads, idempotently by external id (`<platform>:<id>` in `external_ref`, unique): new ones are
 * made; known ones get what changed at the provider since the version applied (scored again; see
 * ImportedVersion: the staff's edits to other fields stay, an older version changes nothing); the
 * same ones are left alone; a lead that already has the contact's e-mail is linked to it rather
 * than duplicated. Each page is answered with what came of it (a redelivered page is answered
 * again: the integrations service counts a page once).
 */
@Injectable()
export class IntegrationImportConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly kafka: KafkaLifecycle,
    private readonly producer: IdempotentProducer,
    private readonly leads: LeadsRepository,
    private readonly service: LeadsService,
    private readonly batches: ImportBatchesRepository,
    private readonly config: CrmConfigRef,
  ) {}

  onApplicationBootstrap() {
    this.kafka.consume(
      {
        groupId: `${this.config.value.mongoDb}-integration-imports`,
        topics: [TOPICS.integrations],
        fromBeginning: false,
        keyConcurrency: 4,
        sessionTimeoutMs: 120_000,
      },
      (event) => this.handle(event),
    );
  }

  async handle(event: EventEnvelope): Promise<void> {
    if (event.type !== 'integration.contacts_import_requested') return;
    const answer = await this.apply(event.data);
    const reply = createEvent('crm', 'lead.import_batch_applied', event.data.job_id, event.actor, answer);
    await this.producer.publish(reply);
  }

  async apply(cmd: EventMap['integration.contacts_import_requested']): Promise<Answer> {
    const actor = actingAs(`integration:${cmd.platform_id}`, cmd.platform_name);
    const answer = importAnswer(cmd);
    const valid: Array<{ contact: ImportedContact; dto: CreateLeadDto; ref: string }> = [];
    const seen = new Set<string>();
    for (const contact of cmd.records) {
      const dto = plainToInstance(CreateLeadDto, {
        name: contact.name,
        email: contact.email,
        company: contact.company,
        source: (LEAD_SOURCES as readonly string[]).includes(contact.source) ? contact.source : 'Website',
        ...(contact.phone ? { phone: contact.phone } : {}),
        ...(contact.notes ? { notes: contact.notes } : {}),
      });
      const errors = await validate(dto, { whitelist: true });
      if (!contact.external_id) answer.failed.push({ external_id: '', detail: 'the record has no id' });
      else if (errors.length)
        answer.failed.push({ external_id: contact.external_id, detail: validationDetail(errors).join('; ') });
      else if (seen.has(dto.email.toLowerCase()))
        answer.failed.push({
          external_id: contact.external_id,
          detail: `another record of this page has the e-mail ${dto.email.toLowerCase()}`,
        });
      else {
        seen.add(dto.email.toLowerCase());
        valid.push({ contact, dto, ref: `${cmd.platform_id}:${contact.external_id}` });
      }
    }
    const byRef = await this.leads.byExternalRefs(valid.map((v) => v.ref));
    const byEmail = await this.leads.byEmails(
      valid.filter((v) => !byRef.has(v.ref)).map((v) => v.dto.email.toLowerCase()),
    );
    const fresh: Array<Partial<LeadDoc>> = [];
    const resumed: StoredLead[] = [];
    for (const v of valid) {
      const fields = {
        name: v.dto.name.trim(),
        email: v.dto.email.toLowerCase(),
        company: v.dto.company.trim(),
        phone: v.dto.phone?.trim() ?? '',
        notes: v.dto.notes ?? '',
      };
      const imported = importedVersion(v.contact.updated_at, fields);
      const existing = byRef.get(v.ref) ?? byEmail.get(fields.email);
      if (!existing) {
        const draft = this.service.draft(actor.id, v.dto);
        const now = new Date();
        fresh.push({
          ...draft,
          _id: this.leads.newId(),
          external_ref: v.ref,
          imported,
          created_at: now,
          updated_at: now,
        });
        continue;
      }
      if (existing.import_batch === cmd.correlation_id) {
        resumed.push(existing);
        answer.created++;
        continue;
      }
      try {
        const linked = existing.external_ref !== v.ref;
        if (linked) await this.leads.link(String(existing._id), v.ref);
        // A version no newer than the one applied (a page that came late, a new connection's full
        // sync) changes nothing; otherwise only what the provider changed since: the staff's own
        // edits to the other fields stay.
        const current = {
          name: existing.name,
          email: existing.email,
          company: existing.company,
          phone: existing.phone ?? '',
          notes: existing.notes ?? '',
        };
        const changed = new Set(
          isNotNewer(existing.imported, imported) ? [] : changedAtProvider(fields, existing.imported, current),
        );
        // (A lead from before versions were kept, or one made here and linked now, keeps the version.)
        if (!changed.size && existing.imported) {
          if (linked) answer.updated++;
          else answer.unchanged++;
          continue;
        }
        const pick = <K extends keyof typeof fields>(f: K) => (changed.has(f) ? fields[f] : current[f]);
        await this.service.update(
          actor,
          String(existing._id),
          {
            name: pick('name'),
            email: pick('email'),
            company: pick('company'),
            phone: pick('phone'),
            notes: pick('notes'),
            source: existing.source as CreateLeadDto['source'],
          },
          { imported },
        );
        if (changed.size || linked) answer.updated++;
        else answer.unchanged++;
      } catch (e) {
        answer.failed.push({ external_id: v.contact.external_id, detail: (e as Error).message });
      }
    }
    // The page's new leads carry its correlation id as their batch; their lead.created events go
    // out through one document per page (ImportBatchesRepository), made after them. A crash in
    // between is mended by the redelivery: the leads of the batch are found, and their events made.
    const batch = cmd.correlation_id;
    // The leads this page made, for their events: those inserted now, and those an earlier delivery of
    // the same page inserted before it stopped (found above, tagged with this batch).
    const made: Lead[] = resumed.map((d) => this.leads.map(d));
    if (fresh.length) {
      const docs = fresh.map((d) => ({ ...d, import_batch: batch }));
      try {
        await this.leads.insertPlain(docs);
        answer.created += docs.length;
        made.push(...docs.map((d) => this.leads.map({ ...d, rev: 0 })));
      } catch (e) {
        if (!isDuplicateKey(e)) throw e;
        // Someone made one of these meanwhile (the inserted ones were rolled back): one by one.
        for (const doc of docs) {
          try {
            await this.leads.insertPlain([doc]);
            answer.created++;
            made.push(this.leads.map({ ...doc, rev: 0 }));
          } catch (err) {
            if (!isDuplicateKey(err)) throw err;
            answer.unchanged++;
          }
        }
      }
    }
    if (made.length)
      await this.batches.recordOnce(
        batch,
        made.map((lead) => leadCreated(actor.id, lead)),
      );
    return answer;
  }
}
