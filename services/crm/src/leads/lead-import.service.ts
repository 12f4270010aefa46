import { Injectable } from '@nestjs/common';
import type { AuthUser } from '@sixa/auth';
import { randomUUID } from 'node:crypto';
import { leadCreated } from './leads.events';
import { parseCsv, toCsv, validateRows } from './leads-csv';
import { LeadsRepository } from './leads.repository';
import { LeadsService } from './leads.service';
import { toOutboxEntry } from '@sixa/mongo';
import { CrmError, CrmErrorCode, isDuplicateKey } from '../crm.errors';

@Injectable()
export class LeadImportService {
  constructor(
    private readonly leads: LeadsRepository,
    private readonly service: LeadsService,
  ) {}

  async exportCsv(): Promise<string> {
    return toCsv(await this.leads.all());
  }

  async importCsv(actor: AuthUser, text: string) {
    const { dtos, rejected } = await validateRows(parseCsv(text));
    const taken = await this.leads.takenEmails(dtos.map((d) => d.email));
    for (const [i, dto] of dtos.entries()) {
      if (taken.has(dto.email.toLowerCase()))
        rejected.push({ row: i + 2, reason: `a lead with the email ${dto.email.toLowerCase()} already exists` });
    }
    if (rejected.length) return { imported: 0, rejected: rejected.sort((a, b) => a.row - b.row) };
    const docs = dtos.map((dto) => {
      const draft = this.service.draft(actor.id, dto);
      const _id = this.leads.newId();
      const now = new Date();
      const lead = this.leads.map({ ...draft, _id, rev: 0, created_at: now, updated_at: now });
      return { ...draft, _id, created_at: now, updated_at: now, outbox: [toOutboxEntry(leadCreated(actor.id, lead))] };
    });
    try {
      await this.leads.insertBatch(docs, randomUUID());
    } catch (e) {
      // Another import or create took one of the e-mails meanwhile: the unique index refused it, and
      // the rows inserted before it were removed.
      if (isDuplicateKey(e))
        throw new CrmError(
          CrmErrorCode.LeadEmailTaken,
          'A lead with one of these e-mails was created meanwhile; nothing was imported',
        );
      throw e;
    }
    return { imported: docs.length, rejected: [] };
  }
}
