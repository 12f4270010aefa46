import { Module } from '@nestjs/common';
import { ConversionModule } from '../conversion/conversion.module';
import { DocumentsModule } from '../documents/documents.module';
import { PeopleModule } from '../people/people.module';
import { DocumentPrinter } from './document-printer';
import { PublicSigningController, SigningController } from './signing.controller';
import { QuoteDocumentsConsumer } from './quote-documents.consumer';
import { SignatureFilesRepository } from './signature-files.repository';
import { SignatureMailsRepository } from './signature-mails.repository';
import { SealingService } from './sealing.service';
import { SignatureRequestsRepository } from './signature-requests.repository';
import { SignatureSendingService } from './signature-sending.service';
import { SignatureSweepService } from './signature-sweep.service';
import { SigningMailer } from './signing-mailer';
import { SigningService } from './signing.service';
import { SigningSweeper } from './signing-sweeper';

/** E-signature: the product's own provider (links, signing pages, sealing, audit trail, verification). */
@Module({
  imports: [DocumentsModule, ConversionModule, PeopleModule],
  controllers: [PublicSigningController, SigningController],
  providers: [
    SignatureFilesRepository,
    SignatureMailsRepository,
    SignatureRequestsRepository,
    DocumentPrinter,
    SigningMailer,
    SignatureSendingService,
    SigningService,
    SealingService,
    SignatureSweepService,
    SigningSweeper,
    QuoteDocumentsConsumer,
  ],
  exports: [SignatureSendingService],
})
export class SigningModule {}
