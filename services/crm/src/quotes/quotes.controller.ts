import { Body, Controller, Get, Headers, HttpCode, Ip, Param, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Public, type AuthUser } from '@sixa/auth';
import { AcceptQuoteDto, CreateQuoteDto, UpdateQuoteDto, type CustomerQuote, type Quote } from '@sixa/contracts';
import { ExpectedRev } from '@sixa/mongo';
import { SampleDataService } from '../sample-data.service';
import { QuoteSettings } from './quote-settings';
import { QuotesService } from './quotes.service';

@ApiTags('quotes')
@ApiBearerAuth()
@Controller('quotes')
export class QuotesController {
  constructor(
    private readonly quotes: QuotesService,
    private readonly samples: SampleDataService,
    private readonly settings: QuoteSettings,
  ) {}

  @Get()
  list() {
    return this.quotes.list();
  }

  /** What a new quote gets when its creator gives none (the Create Quote form starts from it). */
  @Get('defaults')
  defaults() {
    return this.settings.defaults();
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

  /** With `public_url` while the quote is sent or viewed: the link staff can pass on to the customer. */
  @Get(':id')
  get(@Param('id') id: string) {
    return this.quotes.detail(id);
  }

  @Post()
  create(@CurrentUser() actor: AuthUser, @Body() dto: CreateQuoteDto) {
    return this.quotes.create(actor, dto);
  }

  @Put(':id')
  update(
    @CurrentUser() actor: AuthUser,
    @Param('id') id: string,
    @Body() dto: UpdateQuoteDto,
    @ExpectedRev('quote') rev?: number,
  ) {
    return this.quotes.update(actor, id, dto, rev);
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

  /** A quote that requires an e-signature needs `signer_name` and `consent: true`; the client address is the one the gateway forwards. */
  @Post(':token/accept')
  @HttpCode(200)
  async accept(
    @Param('token') token: string,
    @Body() dto: AcceptQuoteDto,
    @Ip() ip: string,
    @Headers('user-agent') userAgent: string | undefined,
  ) {
    return forCustomer(await this.quotes.acceptByCustomer(token, dto, { ip, userAgent: userAgent ?? '' }));
  }

  @Post(':token/reject')
  @HttpCode(200)
  async reject(@Param('token') token: string) {
    return forCustomer(await this.quotes.rejectByCustomer(token));
  }
}

/**
 * What the customer sees: the quote without who created it inside the company, and their acceptance
 * without the recorded address and browser (anyone holding the link could read them).
 */
function forCustomer(quote: Quote): CustomerQuote {
  const { created_by: _internal, acceptance, ...rest } = quote;
  if (!acceptance) return acceptance === undefined ? rest : { ...rest, acceptance };
  const { ip: _ip, user_agent: _userAgent, ...shown } = acceptance;
  return { ...rest, acceptance: shown };
}
