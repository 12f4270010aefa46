import { Module } from '@nestjs/common';
import { LeadsModule } from '../leads/leads.module';
import { ProductsModule } from '../products/products.module';
import { SampleDataService } from '../sample-data.service';
import { QuoteExpirySweeper } from './quote-expiry';
import { QuoteSettings } from './quote-settings';
import { QuoteSignatureConsumer } from './quote-signature.consumer';
import { PublicQuotesController, QuotesController } from './quotes.controller';
import { QuotesRepository } from './quotes.repository';
import { QuotesService } from './quotes.service';

/** Quotes, their customer links and expiry; also the demo data, which spans the catalogue and the leads. */
@Module({
  imports: [ProductsModule, LeadsModule],
  controllers: [PublicQuotesController, QuotesController],
  providers: [
    QuotesRepository,
    QuotesService,
    QuoteExpirySweeper,
    QuoteSignatureConsumer,
    SampleDataService,
    QuoteSettings,
  ],
})
export class QuotesModule {}
