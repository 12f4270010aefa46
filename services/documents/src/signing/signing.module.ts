import { Module } from '@nestjs/common';
import { DocumentsModule } from '../documents/documents.module';
import { PublicSigningController, SigningController } from './signing.controller';
import { QuoteDocumentsConsumer } from './quote-documents.consumer';
import { SigningService } from './signing.service';
import { SigningSweeper } from './signing-sweeper';

/** E-signature: the product's own provider (links, signing pages, sealing, audit trail, verification). */
@Module({
  imports: [DocumentsModule],
  controllers: [PublicSigningController, SigningController],
  providers: [SigningService, SigningSweeper, QuoteDocumentsConsumer],
  exports: [SigningService],
})
export class SigningModule {}
