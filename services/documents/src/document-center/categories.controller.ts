import { Body, Controller, Get, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser, type AuthUser } from '@sixa/auth';
import { CreateDocumentCategoryDto } from '@sixa/contracts';
import { CategoriesService } from './categories.service';

@ApiTags('document-categories')
@ApiBearerAuth()
@Controller('document-categories')
export class CategoriesController {
  constructor(private readonly categories: CategoriesService) {}

  /** Each category with `template_count` and `document_count` (what the caller may read in it). */
  @Get()
  list(@CurrentUser() actor: AuthUser) {
    return this.categories.list(actor);
  }

  @Post()
  create(@CurrentUser() actor: AuthUser, @Body() dto: CreateDocumentCategoryDto) {
    return this.categories.create(actor, dto);
  }
}
