import { Body, Controller, Get, Header, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiTags } from '@nestjs/swagger';
import { CurrentUser, type AuthUser } from '@sixa/auth';
import { CreateLeadDto, UpdateLeadDto } from '@sixa/contracts';
import { ExpectedRev } from '@sixa/mongo';
import { sendPage, type Reply } from '@sixa/service';
import { CrmError, CrmErrorCode } from '../crm.errors';
import { LeadImportService } from './lead-import.service';
import { ListLeadsQuery } from './leads.query';
import { LeadsService } from './leads.service';

@ApiTags('leads')
@ApiBearerAuth()
@Controller('leads')
export class LeadsController {
  constructor(
    private readonly leads: LeadsService,
    private readonly imports: LeadImportService,
  ) {}

  /**
   * The total matching the filters is in X-Total-Count; with a `limit`, X-Next-Cursor (when there is
   * more) is the `after` of the next page.
   */
  @Get()
  async list(@Query() query: ListLeadsQuery, @Res({ passthrough: true }) reply: Reply) {
    return sendPage(reply, await this.leads.list(query));
  }

  @Get('stats')
  stats() {
    return this.leads.stats();
  }

  @Get('export.csv')
  @Header('content-type', 'text/csv; charset=utf-8')
  @Header('content-disposition', 'attachment; filename="leads.csv"')
  export() {
    return this.imports.exportCsv();
  }

  /** Body: the CSV text (content-type text/csv). All rows or none: any rejected row imports nothing. */
  @Post('import')
  @HttpCode(200)
  @ApiConsumes('text/csv')
  @ApiBody({
    required: true,
    description: 'The CSV file: a header row (name, email, ...) and one lead per row.',
    schema: { type: 'string' },
  })
  import(@CurrentUser() actor: AuthUser, @Body() body: unknown) {
    if (typeof body !== 'string')
      throw new CrmError(CrmErrorCode.ImportNotCsv, 'Send the CSV file as the body with content-type text/csv');
    return this.imports.importCsv(actor, body);
  }

  @Get(':id')
  async get(@Param('id') id: string) {
    const { quotes_sent: _s, quotes_accepted: _a, computed_score: _c, ...lead } = await this.leads.get(id);
    return lead;
  }

  @Post()
  create(@CurrentUser() actor: AuthUser, @Body() dto: CreateLeadDto) {
    return this.leads.create(actor, dto);
  }

  @Put(':id')
  update(
    @CurrentUser() actor: AuthUser,
    @Param('id') id: string,
    @Body() dto: UpdateLeadDto,
    @ExpectedRev('lead') rev?: number,
  ) {
    return this.leads.update(actor, id, dto, { expectedRev: rev });
  }
}
