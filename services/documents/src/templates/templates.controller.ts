import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser, type AuthUser } from '@sixa/auth';
import { CreateDocumentTemplateDto, PreviewTemplateDto, UpdateDocumentTemplateDto } from '@sixa/contracts';
import { ExpectedRev } from '@sixa/mongo';
import { sendPage, type Reply } from '@sixa/service';
import { ListTemplatesQuery } from './templates.query';
import { TemplatesService } from './templates.service';

@ApiTags('document-templates')
@ApiBearerAuth()
@Controller('document-templates')
export class TemplatesController {
  constructor(private readonly templates: TemplatesService) {}

  /** The templates the caller may read; the total in X-Total-Count, the next page's `after` in X-Next-Cursor. */
  @Get()
  async list(
    @CurrentUser() actor: AuthUser,
    @Query() query: ListTemplatesQuery,
    @Res({ passthrough: true }) reply: Reply,
  ) {
    return sendPage(reply, await this.templates.list(actor, query));
  }

  @Get(':id')
  get(@CurrentUser() actor: AuthUser, @Param('id') id: string) {
    return this.templates.get(actor, id);
  }

  @Post()
  create(@CurrentUser() actor: AuthUser, @Body() dto: CreateDocumentTemplateDto) {
    return this.templates.create(actor, dto);
  }

  @Put(':id')
  update(
    @CurrentUser() actor: AuthUser,
    @Param('id') id: string,
    @Body() dto: UpdateDocumentTemplateDto,
    @ExpectedRev('template') rev?: number,
  ) {
    return this.templates.update(actor, id, dto, rev);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentUser() actor: AuthUser, @Param('id') id: string): Promise<void> {
    await this.templates.remove(actor, id);
  }

  /** The screen's Preview: rendered with the values given and `[name]` for the rest. */
  @Post(':id/preview')
  @HttpCode(200)
  preview(@CurrentUser() actor: AuthUser, @Param('id') id: string, @Body() dto: PreviewTemplateDto) {
    return this.templates.preview(actor, id, dto.variables);
  }
}
