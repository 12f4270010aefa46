import type { DocumentTemplate, EventEnvelope } from '@sixa/contracts';
import { createEvent } from '@sixa/kafka';

const SOURCE = 'documents';

export const templateCreated = (actor: string, template: DocumentTemplate) =>
  createEvent(SOURCE, 'document_template.created', template.id, actor, { template });

const EDITABLE = [
  'title',
  'description',
  'type',
  'category_id',
  'content',
  'variables',
  'file_format',
  'access_level',
  'tags',
] as const;

/** What a person changed; none, no event. */
export function templateUpdated(actor: string, before: DocumentTemplate, after: DocumentTemplate): EventEnvelope[] {
  const fields = EDITABLE.filter((f) => JSON.stringify(before[f]) !== JSON.stringify(after[f]));
  if (!fields.length) return [];
  const pick = (t: DocumentTemplate) => Object.fromEntries(fields.map((f) => [f, t[f]]));
  return [
    createEvent(SOURCE, 'document_template.updated', after.id, actor, {
      template: after,
      changed_fields: [...fields],
      before: pick(before),
      after: pick(after),
    }),
  ];
}

export const templateDeleted = (actor: string, template: DocumentTemplate) =>
  createEvent(SOURCE, 'document_template.deleted', template.id, actor, { template });
