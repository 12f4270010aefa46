import { Body, Controller, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Public, type AuthUser } from '@sixa/auth';
import { CreateQuoteDto, UpdateQuoteDto, type Quote } from '@sixa/contracts';
import { SampleDataService } from '../sample-data.service';
import { QuotesService } from './quotes.service';

@ApiTags('quotes')
@ApiBearerAuth()
@Controller('quotes')
export class QuotesController {
  constructor(
    private readonly quotes: QuotesService,
    private readonly samples: SampleDataService,
  ) {}

  @Get()
  list() {
    return this.quotes.list();
  }

  @Get('analytics/summary')
  summary() {
    return this.quotes.summary();
  }

  /** Demo mode only (404 otherwise); idempotent. Also what POST /api/initialize-mock-data calls. */
  @Public()
  @Post('init-sample-data')
  @HttpCode(200)
  initSampleData() {
    return this.samples.seed();
  }

  @Get(':id')
  get(@Param('id') id: string) {
    return this.quotes.get(id);
  }

  @Post()
  create(@CurrentUser() actor: AuthUser, @Body() dto: CreateQuoteDto) {
    return this.quotes.create(actor, dto);
  }

  @Put(':id')
  update(@CurrentUser() actor: AuthUser, @Param('id') id: string, @Body() dto: UpdateQuoteDto) {
    return this.quotes.update(actor, id, dto);
  }

  @Post(':id/send')
  @HttpCode(200)
  send(@CurrentUser() actor: AuthUser, @Param('id') id: string) {
    return this.quotes.send(actor, id);
  }
}

/** What the customer reaches through the signed link in the quote e-mail; no account needed. */
@ApiTags('quotes')
@Public()
@Controller('quotes/public')
export class PublicQuotesController {
  constructor(private readonly quotes: QuotesService) {}

  @Get(':token')
  async view(@Param('token') token: string) {
    return forCustomer(await this.quotes.viewByCustomer(token));
  }

  @Post(':token/accept')
  @HttpCode(200)
  async accept(@Param('token') token: string) {
    return forCustomer(await this.quotes.decideByCustomer(token, 'accepted'));
  }

  @Post(':token/reject')
  @HttpCode(200)
  async reject(@Param('token') token: string) {
    return forCustomer(await this.quotes.decideByCustomer(token, 'rejected'));
  }
}

/** What the customer sees: the quote without who created it inside the company. */
function forCustomer(quote: Quote): Omit<Quote, 'created_by'> {
  const { created_by: _internal, ...rest } = quote;
  return rest;
}
