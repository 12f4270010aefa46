import { Module } from '@nestjs/common';
import { CategoriesModule } from '../categories/categories.module';
import { PeopleModule } from '../people/people.module';
import { TemplatesModule } from '../templates/templates.module';
import { DocumentVersionsRepository } from './document-versions.repository';
import { DocumentsController, SharedDocumentsController } from './documents.controller';
import { DocumentsRepository } from './documents.repository';
import { DocumentsService } from './documents.service';

@Module({
  imports: [TemplatesModule, CategoriesModule, PeopleModule],
  // The share-link route first: `shared/:token` is not a document id.
  controllers: [SharedDocumentsController, DocumentsController],
  providers: [DocumentsRepository, DocumentVersionsRepository, DocumentsService],
  exports: [DocumentsRepository, DocumentsService],
})
export class DocumentsModule {}
