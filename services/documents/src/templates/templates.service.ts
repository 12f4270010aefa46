import { Injectable } from '@nestjs/common';
import type { AuthUser } from '@sixa/auth';
import type {
  CreateDocumentTemplateDto,
  DocumentTemplate,
  TemplatePreview,
  TemplateVariables,
  UpdateDocumentTemplateDto,
} from '@sixa/contracts';
import { isDuplicateKey, type Page } from '@sixa/mongo';
import { canManage, canRead } from '../access';
import { CategoriesRepository } from '../categories/categories.repository';
import { changedOrThrow, DocumentsError, DocumentsErrorCode } from '../documents.errors';
import { stableId } from '../stable-ids';
import { cleanList } from '../text-lists';
import {
  MissingVariablesError,
  previewTemplate,
  renderTemplate,
  TemplateSyntaxError,
  templatePlaceholders,
} from './template-renderer';
import type { TemplateDoc } from './template.schema';
import { templateCreated, templateDeleted, templateUpdated } from './templates.events';
import type { ListTemplatesQuery } from './templates.query';
import { TemplatesRepository } from './templates.repository';

const notFound = () => new DocumentsError(DocumentsErrorCode.TemplateNotFound, 'Template not found');

/** The placeholders the content uses, then the other declared ones; 400 when the content is not a template. */
function variablesOf(content: string, declared?: string[] | null): string[] {
  try {
    // null as absent: @IsOptional() lets an explicit null through.
    return cleanList([...templatePlaceholders(content), ...(declared ?? [])]);
  } catch (e) {
    if (e instanceof TemplateSyntaxError) throw new DocumentsError(DocumentsErrorCode.TemplateInvalid, e.message);
    throw e;
  }
}

@Injectable()
export class TemplatesService {
  constructor(
    private readonly templates: TemplatesRepository,
    private readonly categories: CategoriesRepository,
  ) {}

  list(actor: AuthUser, query: ListTemplatesQuery): Promise<Page<DocumentTemplate>> {
    return this.templates.list(actor, query);
  }

  /** The template if the caller may read it; 404 otherwise, whether or not it exists. */
  async get(actor: AuthUser, id: string): Promise<DocumentTemplate> {
    const template = await this.templates.findLive(id);
    if (!template || !canRead(actor, template)) throw notFound();
    return template;
  }

  /** A category a template or document is filed under must exist (null: none). */
  async checkCategory(categoryId: string | null | undefined): Promise<string | null> {
    if (!categoryId) return null;
    if (!(await this.categories.findById(categoryId)))
      throw new DocumentsError(DocumentsErrorCode.InvalidInput, `category_id ${categoryId} is not a category`);
    return categoryId;
  }

  async create(actor: AuthUser, dto: CreateDocumentTemplateDto): Promise<DocumentTemplate> {
    return this.templates.insert(await this.newTemplate(actor, dto), (t) => [templateCreated(actor.id, t)]);
  }

  /** The template made under `key` (sample data), made now if there is none: never two, whoever races. */
  async createOnce(
    actor: AuthUser,
    key: string,
    dto: CreateDocumentTemplateDto,
  ): Promise<{ template: DocumentTemplate; created: boolean }> {
    const existing = await this.templates.findByKey(key);
    if (existing) return { template: existing, created: false };
    const data = { ...(await this.newTemplate(actor, dto)), _id: stableId('template', key), idempotency_key: key };
    try {
      return { template: await this.templates.insert(data, (t) => [templateCreated(actor.id, t)]), created: true };
    } catch (e) {
      const winner = isDuplicateKey(e) ? await this.templates.findByKey(key) : null;
      if (!winner) throw e;
      return { template: winner, created: false };
    }
  }

  private async newTemplate(actor: AuthUser, dto: CreateDocumentTemplateDto): Promise<Partial<TemplateDoc>> {
    return {
      title: dto.title.trim(),
      description: dto.description ?? '',
      type: dto.type ?? 'custom',
      category_id: await this.checkCategory(dto.category_id),
      content: dto.content,
      variables: variablesOf(dto.content, dto.variables),
      file_format: dto.file_format ?? 'html',
      access_level: dto.access_level ?? 'team',
      created_by: actor.id,
      tags: cleanList(dto.tags ?? []),
      usage_count: 0,
      live: true,
      deleted_at: null,
    };
  }

  /** Its creator or an admin edits it (others who can read it get 403). */
  async update(
    actor: AuthUser,
    id: string,
    dto: UpdateDocumentTemplateDto,
    expectedRev = dto.rev,
  ): Promise<DocumentTemplate> {
    const current = await this.get(actor, id);
    if (!canManage(actor, current))
      throw new DocumentsError(DocumentsErrorCode.NotOwner, "Only the template's creator or an admin can edit it");
    const category = dto.category_id !== undefined ? await this.checkCategory(dto.category_id) : undefined;
    const content = dto.content ?? current.content;
    const variables =
      dto.content !== undefined || dto.variables !== undefined
        ? // New content without a list: its own placeholders (the old list named the old content's).
          variablesOf(content, dto.variables ?? (dto.content !== undefined ? [] : current.variables))
        : undefined;
    const result = await this.templates.changeById(
      id,
      (doc) => {
        const set: Partial<TemplateDoc> = {};
        if (dto.title !== undefined) set.title = dto.title.trim();
        if (dto.description !== undefined) set.description = dto.description;
        if (dto.type !== undefined) set.type = dto.type;
        if (category !== undefined) set.category_id = category;
        if (dto.content !== undefined) set.content = dto.content;
        if (variables !== undefined) set.variables = variables;
        if (dto.file_format !== undefined) set.file_format = dto.file_format;
        if (dto.access_level !== undefined) set.access_level = dto.access_level;
        if (dto.tags !== undefined) set.tags = cleanList(dto.tags);
        if (!Object.keys(set).length) return null;
        const before = this.templates.map(doc);
        return { set, events: (after) => templateUpdated(actor.id, before, after) };
      },
      { expectedRev },
    );
    return changedOrThrow(result, 'template', notFound);
  }

  async remove(actor: AuthUser, id: string): Promise<void> {
    const current = await this.get(actor, id);
    if (!canManage(actor, current))
      throw new DocumentsError(DocumentsErrorCode.NotOwner, "Only the template's creator or an admin can delete it");
    const result = await this.templates.changeById(id, (doc) => ({
      set: { live: false, deleted_at: new Date() },
      events: () => [templateDeleted(actor.id, this.templates.map(doc))],
    }));
    changedOrThrow(result, 'template', notFound);
  }

  /** The content with the values given and `[name]` for the others (the screen's Preview); counts no use. */
  async preview(actor: AuthUser, id: string, variables: TemplateVariables = {}): Promise<TemplatePreview> {
    const template = await this.get(actor, id);
    const { content, missing } = previewTemplate(template.content, variables);
    return { content, missing_variables: missing };
  }

  /**
   * The content of a document made from the template: every placeholder filled (400 naming the
   * missing ones), values escaped. Counting the use is `countUse`, once the document exists.
   */
  async render(actor: AuthUser, id: string, variables: TemplateVariables = {}) {
    const template = await this.get(actor, id);
    try {
      return { template, content: renderTemplate(template.content, variables) };
    } catch (e) {
      if (e instanceof MissingVariablesError)
        throw new DocumentsError(
          DocumentsErrorCode.MissingVariables,
          `Missing template variables: ${e.missing.join(', ')}. Give a value for each in variables.`,
        );
      if (e instanceof TemplateSyntaxError) throw new DocumentsError(DocumentsErrorCode.TemplateInvalid, e.message);
      throw e;
    }
  }

  countUse(id: string): Promise<void> {
    return this.templates.countUse(id);
  }
}
