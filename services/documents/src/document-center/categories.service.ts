import { Injectable } from '@nestjs/common';
import type { AuthUser } from '@sixa/auth';
import type { CreateDocumentCategoryDto, DocumentCategory, DocumentCategoryWithCounts } from '@sixa/contracts';
import { createEvent } from '@sixa/kafka';
import { isDuplicateKey } from '@sixa/mongo';
import { DocumentsError, DocumentsErrorCode } from '../documents.errors';
import { DocumentsRepository } from '../documents/documents.repository';
import { TemplatesRepository } from '../templates/templates.repository';
import { CategoriesRepository } from '../categories/categories.repository';

const categoryCreated = (actor: string, category: DocumentCategory) =>
  createEvent('documents', 'document_category.created', category.id, actor, { category });

@Injectable()
export class CategoriesService {
  constructor(
    private readonly categories: CategoriesRepository,
    private readonly templates: TemplatesRepository,
    private readonly documents: DocumentsRepository,
  ) {}

  /** Every category with the templates and documents in it that the caller may read, counted now. */
  async list(actor: AuthUser): Promise<DocumentCategoryWithCounts[]> {
    const [categories, templates, documents] = await Promise.all([
      this.categories.list(),
      this.templates.countByCategory(actor),
      this.documents.countByCategory(actor),
    ]);
    return categories.map((c) => ({
      ...c,
      template_count: templates.get(c.id) ?? 0,
      document_count: documents.get(c.id) ?? 0,
    }));
  }

  /** 409 for a name taken (whatever its capitals). */
  async create(actor: AuthUser, dto: CreateDocumentCategoryDto): Promise<DocumentCategoryWithCounts> {
    const name = dto.name.trim();
    if (!name) throw new DocumentsError(DocumentsErrorCode.InvalidInput, 'name is required');
    const taken = () => new DocumentsError(DocumentsErrorCode.CategoryNameTaken, `A category named "${name}" exists`);
    if (await this.categories.findByName(name)) throw taken();
    try {
      const category = await this.categories.create(
        {
          name,
          description: dto.description ?? '',
          color: dto.color ?? '#1677ff',
          icon: dto.icon ?? 'folder',
          created_by: actor.id,
        },
        (c) => [categoryCreated(actor.id, c)],
      );
      return { ...category, template_count: 0, document_count: 0 };
    } catch (e) {
      if (isDuplicateKey(e)) throw taken();
      throw e;
    }
  }

  /** The category with this name, made now if there is none (sample data): never two. */
  async ensure(
    actor: AuthUser,
    dto: CreateDocumentCategoryDto,
  ): Promise<{ category: DocumentCategory; created: boolean }> {
    const existing = await this.categories.findByName(dto.name);
    if (existing) return { category: existing, created: false };
    try {
      return { category: await this.create(actor, dto), created: true };
    } catch (e) {
      const winner = await this.categories.findByName(dto.name);
      if (winner) return { category: winner, created: false };
      throw e;
    }
  }
}
