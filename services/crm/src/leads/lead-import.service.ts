import { Injectable } from '@nestjs/common';
import type { AuthUser } from '@sixa/auth';
import { randomUUID } from 'node:crypto';
import { leadCreated } from './leads.events';
import { parseCsv, toCsv, validateRows } from './leads-csv';
import { LeadsRepository } from './leads.repository';
import { LeadsService } from './leads.service';
import { toOutboxEntry } from '@sixa/kafka';

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
    for (const [i, dto] of dtos.entries()) {
      if (await this.leads.emailTaken(dto.email))
        rejected.push({ row: i + 2, reason: `a lead with the email ${dto.email.toLowerCase()} already exists` });
    }
    if (rejected.length) return { imported: 0, rejected: rejected.sort((a, b) => a.row - b.row) };
    const docs = dtos.map((dto) => {
      const draft = this.service.draft(actor.id, dto);
      const _id = new this.leads.model()._id;
      const now = new Date();
      const lead = this.leads.map({ ...draft, _id, created_at: now, updated_at: now });
      return { ...draft, _id, created_at: now, updated_at: now, outbox: [toOutboxEntry(leadCreated(actor.id, lead))] };
    });
    await this.leads.insertBatch(docs, randomUUID());
    return { imported: docs.length, rejected: [] };
  }
}
