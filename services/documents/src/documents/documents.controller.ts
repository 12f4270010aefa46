import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiNotFoundResponse, ApiTags } from '@nestjs/swagger';
import { CurrentUser, type AuthUser } from '@sixa/auth';
import { CreateDocumentDto, UpdateDocumentDto } from '@sixa/contracts';
import { ExpectedRev } from '@sixa/mongo';
import { sendPage, type Reply } from '@sixa/service';
import { ListDocumentsQuery } from './documents.query';
import { DocumentsService } from './documents.service';

@ApiTags('documents')
@ApiBearerAuth()
@Controller('documents')
export class DocumentsController {
  constructor(private readonly documents: DocumentsService) {}

  /** The documents the caller may read; the total in X-Total-Count, the next page's `after` in X-Next-Cursor. */
  @Get()
  async list(
    @CurrentUser() actor: AuthUser,
    @Query() query: ListDocumentsQuery,
    @Res({ passthrough: true }) reply: Reply,
  ) {
    return sendPage(reply, await this.documents.list(actor, query));
  }

  @Get(':id')
  get(@CurrentUser() actor: AuthUser, @Param('id') id: string) {
    return this.documents.get(actor, id);
  }

  @Get(':id/versions')
  versions(@CurrentUser() actor: AuthUser, @Param('id') id: string) {
    return this.documents.versionsOf(actor, id);
  }

  @Post()
  @ApiCreatedResponse({ description: 'The document, made.' })
  @ApiNotFoundResponse({ description: 'No such template (`template_id`).' })
  create(@CurrentUser() actor: AuthUser, @Body() dto: CreateDocumentDto) {
    return this.documents.create(actor, dto);
  }

  @Put(':id')
  update(
    @CurrentUser() actor: AuthUser,
    @Param('id') id: string,
    @Body() dto: UpdateDocumentDto,
    @ExpectedRev('document') rev?: number,
  ) {
    return this.documents.update(actor, id, dto, rev);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentUser() actor: AuthUser, @Param('id') id: string): Promise<void> {
    await this.documents.remove(actor, id);
  }

  @Post(':id/share-link')
  @HttpCode(200)
  share(@CurrentUser() actor: AuthUser, @Param('id') id: string) {
    return this.documents.createShareLink(actor, id);
  }

  @Delete(':id/share-link')
  @HttpCode(204)
  async unshare(@CurrentUser() actor: AuthUser, @Param('id') id: string): Promise<void> {
    await this.documents.revokeShareLink(actor, id);
  }
}

/** What a share link opens: read-only, no account needed (the gateway lets it through unsigned). */
@ApiTags('documents')
@Controller('documents/shared')
export class SharedDocumentsController {
  constructor(private readonly documents: DocumentsService) {}

  @Get(':token')
  view(@Param('token') token: string) {
    return this.documents.shared(token);
  }
}
