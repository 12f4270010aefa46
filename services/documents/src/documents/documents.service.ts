import { Injectable } from '@nestjs/common';
import type { AuthUser } from '@sixa/auth';
import {
  canMoveDocument,
  DOCUMENT_EDITABLE_STATUSES,
  DOCUMENT_TRANSITIONS,
  type CreateDocumentDto,
  type Document,
  type DocumentShareLink,
  type DocumentSigner,
  type DocumentStatus,
  type DocumentTemplate,
  type DocumentVersion,
  type EventEnvelope,
  type SharedDocument,
  type UpdateDocumentDto,
} from '@sixa/contracts';
import { isDuplicateKey, staleDetail, type Page } from '@sixa/mongo';
import { randomBytes } from 'node:crypto';
import { canManage, canRead } from '../access';
import { DocumentsConfigRef } from '../config.provider';
import { PeopleRepository } from '../people/people.repository';
import { changedOrThrow, DocumentsError, DocumentsErrorCode } from '../documents.errors';
import { stableId } from '../stable-ids';
import { TemplatesService } from '../templates/templates.service';
import { cleanList } from '../text-lists';
import type { DocumentDoc } from './document.schema';
import { DocumentVersionsRepository } from './document-versions.repository';
import { documentCreated, documentDeleted, documentStatusChanged, documentUpdated } from './documents.events';
import type { ListDocumentsQuery } from './documents.query';
import { DocumentsRepository } from './documents.repository';

const notFound = () => new DocumentsError(DocumentsErrorCode.DocumentNotFound, 'Document not found');
const notOwner = (what: string) =>
  new DocumentsError(DocumentsErrorCode.NotOwner, `Only the document's creator or an admin can ${what}`);
const say = (status: DocumentStatus) => status.replace('_', ' ');

function wrongState(status: DocumentStatus, what: string): DocumentsError {
  return new DocumentsError(DocumentsErrorCode.DocumentWrongState, `A ${say(status)} document cannot ${what}`);
}

function refusedMove(from: DocumentStatus, to: DocumentStatus): DocumentsError {
  const allowed = DOCUMENT_TRANSITIONS[from];
  return wrongState(
    from,
    `become ${say(to)}` + (allowed.length ? ` (it can become: ${allowed.join(', ')})` : ' through an edit'),
  );
}

/** Signers as given: names trimmed, e-mail addresses lower-cased, `signer` when no role is given. */
function cleanSigners(signers: ReadonlyArray<{ name: string; email: string; role?: string }>): DocumentSigner[] {
  return signers.map((s) => ({ name: s.name.trim(), email: s.email.toLowerCase(), role: s.role?.trim() || 'signer' }));
}

/** How many times an edit is read and tried again when others move the document's version meanwhile. */
const EDIT_ATTEMPTS = 10;

@Injectable()
export class DocumentsService {
  constructor(
    private readonly documents: DocumentsRepository,
    private readonly versions: DocumentVersionsRepository,
    private readonly templates: TemplatesService,
    private readonly config: DocumentsConfigRef,
    private readonly people: PeopleRepository,
  ) {}

  list(actor: AuthUser, query: ListDocumentsQuery): Promise<Page<Document>> {
    return this.documents.list(actor, query);
  }

  /** The document if the caller may read it; 404 otherwise, whether or not it exists. */
  async get(actor: AuthUser, id: string): Promise<Document> {
    const doc = await this.documents.findLiveDoc(id);
    if (!doc) throw notFound();
    const document = this.documents.map(doc);
    if (!canRead(actor, document)) throw notFound();
    return document;
  }

  /**
   * From a template (`template_id` and `variables`: every placeholder needs a value, 400 naming the
   * missing ones) or from the content given. The template's use is counted once the document exists
   * (by whoever made it: a racing createOnce that lost counts nothing).
   */
  async create(actor: AuthUser, dto: CreateDocumentDto): Promise<Document> {
    return (await this.make(actor, dto)).document;
  }

  /** The document made under `key` (sample data), made now if there is none: never two, whoever races. */
  async createOnce(
    actor: AuthUser,
    key: string,
    dto: CreateDocumentDto,
  ): Promise<{ document: Document; created: boolean }> {
    const existing = await this.documents.findByKey(key);
    if (existing) return { document: existing, created: false };
    return this.make(actor, dto, key);
  }

  private async make(
    actor: AuthUser,
    dto: CreateDocumentDto,
    key?: string,
  ): Promise<{ document: Document; created: boolean }> {
    let content = dto.content;
    let variables: string[] = [];
    let fromTemplate: DocumentTemplate | null = null;
    if (dto.template_id) {
      const rendered = await this.templates.render(actor, dto.template_id, dto.variables ?? {});
      fromTemplate = rendered.template;
      content = rendered.content;
      variables = Object.keys(dto.variables ?? {}).filter((v) => rendered.template.variables.includes(v));
    } else if (dto.variables && Object.keys(dto.variables).length) {
      throw new DocumentsError(DocumentsErrorCode.InvalidInput, 'variables need a template_id to fill');
    }
    if (!content?.trim())
      throw new DocumentsError(
        DocumentsErrorCode.InvalidInput,
        'content is required (or a template_id to make it from)',
      );
    const now = new Date();
    await this.people.rememberActor(actor);
    const data: Partial<DocumentDoc> = {
      title: dto.title.trim(),
      description: dto.description ?? fromTemplate?.description ?? '',
      template_id: fromTemplate?.id ?? null,
      type: dto.type ?? fromTemplate?.type ?? 'custom',
      category_id: await this.templates.checkCategory(
        dto.category_id !== undefined ? dto.category_id : fromTemplate?.category_id,
      ),
      content,
      file_format: dto.file_format ?? fromTemplate?.file_format ?? 'html',
      access_level: dto.access_level ?? 'private',
      signature_required: dto.signature_required ?? false,
      signers: cleanSigners(dto.signers ?? []),
      created_by: actor.id,
      tags: cleanList(dto.tags ?? fromTemplate?.tags ?? []),
      status: dto.status ?? 'draft',
      docusign_status: null,
      version: 1,
      version_created_by: actor.id,
      version_created_at: now,
      share_token: null,
      live: true,
      deleted_at: null,
      ...(key ? { _id: stableId('document', key), idempotency_key: key } : {}),
    };
    let created: Document;
    try {
      created = await this.documents.insert(data, (d) => [documentCreated(actor.id, d, variables)]);
    } catch (e) {
      const winner = key && isDuplicateKey(e) ? await this.documents.findByKey(key) : null;
      if (!winner) throw e;
      return { document: winner, created: false };
    }
    if (fromTemplate) await this.templates.countUse(fromTemplate.id);
    return { document: created, created: true };
  }

  /**
   * PUT /documents/{id} (its creator or an admin): fields, content and status in one conditional
   * update. New content makes the next version (the current one is kept first); `status` moves only
   * along DOCUMENT_TRANSITIONS from the status read (409 otherwise, or when the document is out for
   * signature, signed or expired and so fixed). `expectedRev`: the revision the editor read (its
   * If-Match, else the body's `rev`): 409 if the document changed since, and nothing is written.
   */
  async update(actor: AuthUser, id: string, dto: UpdateDocumentDto, expectedRev = dto.rev): Promise<Document> {
    for (let attempt = 0; attempt < EDIT_ATTEMPTS; attempt++) {
      const doc = await this.documents.findLiveDoc(id);
      if (!doc || !canRead(actor, this.documents.map(doc))) throw notFound();
      if (!canManage(actor, doc)) throw notOwner('edit it');
      if (expectedRev !== undefined && expectedRev !== doc.rev)
        throw new DocumentsError(DocumentsErrorCode.DocumentChanged, staleDetail('document', doc.rev));

      const to = dto.status !== undefined && dto.status !== doc.status ? dto.status : undefined;
      if (to && !canMoveDocument(doc.status, to)) throw refusedMove(doc.status, to);
      const set = await this.fieldChanges(doc, dto);
      const newContent = dto.content !== undefined && dto.content !== doc.content;
      if (Object.keys(set).length && !DOCUMENT_EDITABLE_STATUSES.includes(doc.status))
        throw wrongState(doc.status, 'be edited');
      if (!Object.keys(set).length && !to) return this.documents.map(doc);

      if (newContent) await Promise.all([this.versions.keep(doc), this.people.rememberActor(actor)]);
      const now = new Date();
      const before = this.documents.map(doc);
      const result = await this.documents.changeIf(
        id,
        // Applies only to the status and version read: a concurrent transition or content edit is read again.
        { status: doc.status, version: doc.version },
        () => ({
          set: {
            ...set,
            ...(to ? { status: to } : {}),
            ...(newContent ? { version_created_by: actor.id, version_created_at: now } : {}),
          },
          inc: newContent ? { version: 1 } : undefined,
          events: (after) => {
            const events: EventEnvelope[] = documentUpdated(actor.id, before, after);
            if (to) events.push(documentStatusChanged(actor.id, after, doc.status));
            return events;
          },
        }),
        { expectedRev: doc.rev },
      );
      if (result.status === 'missing' || result.status === 'stale') {
        if (expectedRev !== undefined && result.status === 'stale')
          throw new DocumentsError(DocumentsErrorCode.DocumentChanged, staleDetail('document', result.rev));
        continue;
      }
      return changedOrThrow(result, 'document', notFound);
    }
    throw new DocumentsError(DocumentsErrorCode.Busy, 'This document is being changed by others right now; try again');
  }

  /** The fields `dto` changes (only those that differ). */
  private async fieldChanges(doc: DocumentDoc, dto: UpdateDocumentDto): Promise<Partial<DocumentDoc>> {
    const set: Partial<DocumentDoc> = {};
    const differs = (a: unknown, b: unknown) => JSON.stringify(a) !== JSON.stringify(b);
    if (dto.title !== undefined && dto.title.trim() !== doc.title) set.title = dto.title.trim();
    if (dto.description !== undefined && dto.description !== doc.description) set.description = dto.description;
    if (dto.type !== undefined && dto.type !== doc.type) set.type = dto.type;
    if (dto.category_id !== undefined && (dto.category_id || null) !== doc.category_id)
      set.category_id = await this.templates.checkCategory(dto.category_id);
    if (dto.content !== undefined && dto.content !== doc.content) set.content = dto.content;
    if (dto.file_format !== undefined && dto.file_format !== doc.file_format) set.file_format = dto.file_format;
    if (dto.access_level !== undefined && dto.access_level !== doc.access_level) {
      set.access_level = dto.access_level;
      // A document no longer for the organization has no share link: it stops working now.
      if (dto.access_level !== 'organization') set.share_token = null;
    }
    if (dto.signature_required !== undefined && dto.signature_required !== doc.signature_required)
      set.signature_required = dto.signature_required;
    if (dto.signers !== undefined) {
      const signers = cleanSigners(dto.signers);
      if (differs(signers, doc.signers)) set.signers = signers;
    }
    if (dto.tags !== undefined && differs(cleanList(dto.tags), doc.tags)) set.tags = cleanList(dto.tags);
    return set;
  }

  /** Soft delete (gone once its event is out), by its creator or an admin; not while it is out for signature. */
  async remove(actor: AuthUser, id: string): Promise<void> {
    const current = await this.get(actor, id);
    if (!canManage(actor, current)) throw notOwner('delete it');
    if (current.status === 'pending_signature') throw wrongState(current.status, 'be deleted');
    const result = await this.documents.changeIf(id, { status: { $ne: 'pending_signature' } }, (doc) => ({
      set: { live: false, deleted_at: new Date(), share_token: null },
      events: () => [documentDeleted(actor.id, this.documents.map(doc))],
    }));
    changedOrThrow(result, 'document', notFound);
    await this.versions.removeAll(id);
  }

  /** Every version, newest (the current one) first, each with the name of who made it. */
  async versionsOf(actor: AuthUser, id: string): Promise<DocumentVersion[]> {
    const doc = await this.documents.findLiveDoc(id);
    if (!doc || !canRead(actor, this.documents.map(doc))) throw notFound();
    const current: Omit<DocumentVersion, 'created_by_name'> = {
      document_id: id,
      version: doc.version,
      title: doc.title,
      content: doc.content,
      created_by: doc.version_created_by,
      created_at: doc.version_created_at.toISOString(),
      current: true,
    };
    const all = [current, ...(await this.versions.earlier(id, doc.version))];
    const names = await this.people.namesOf(all.map((v) => v.created_by));
    return all.map((v) => ({ ...v, created_by_name: names.get(v.created_by) ?? null }));
  }

  /**
   * A new read-only link for an organization document (its creator or an admin); any earlier link
   * stops working. 409 for a private or team document: share links are what `organization` means.
   */
  async createShareLink(actor: AuthUser, id: string): Promise<DocumentShareLink> {
    const current = await this.get(actor, id);
    if (!canManage(actor, current)) throw notOwner('share it');
    const token = randomBytes(32).toString('base64url');
    const result = await this.documents.changeIf(id, { access_level: 'organization' }, (doc) => {
      const before = this.documents.map(doc);
      return { set: { share_token: token }, events: (after) => documentUpdated(actor.id, before, after) };
    });
    if (result.status === 'missing' && current.access_level !== 'organization')
      throw new DocumentsError(
        DocumentsErrorCode.ShareLinkNotAllowed,
        `Only organization documents can be shared by link; this one is ${current.access_level}`,
      );
    changedOrThrow(result, 'document', notFound);
    return { token, url: `${this.config.value.publicUrl}/api/documents/shared/${token}` };
  }

  /** Revokes the share link (its creator or an admin): the link stops working at once. */
  async revokeShareLink(actor: AuthUser, id: string): Promise<void> {
    const current = await this.get(actor, id);
    if (!canManage(actor, current)) throw notOwner('stop sharing it');
    const result = await this.documents.changeIf(id, {}, (doc) => {
      if (!doc.share_token) return null;
      const before = this.documents.map(doc);
      return { set: { share_token: null }, events: (after) => documentUpdated(actor.id, before, after) };
    });
    changedOrThrow(result, 'document', notFound);
  }

  /** What a share link shows, to anyone holding it; 404 once revoked (or for a made-up token). */
  async shared(token: string): Promise<SharedDocument> {
    const doc = /^[A-Za-z0-9_-]{43}$/.test(token) ? await this.documents.findShared(token) : null;
    if (!doc)
      throw new DocumentsError(DocumentsErrorCode.ShareLinkInvalid, 'This link is not valid (or no longer shared)');
    const { id, title, description, type, content, file_format, status, version, updated_at } = doc;
    return { id, title, description, type, content, file_format, status, version, updated_at };
  }
}
