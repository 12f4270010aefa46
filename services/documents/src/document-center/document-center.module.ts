import { Module } from '@nestjs/common';
import { CategoriesController } from './categories.controller';
import { CategoriesModule } from '../categories/categories.module';
import { CategoriesService } from './categories.service';
import { ConversionModule } from '../conversion/conversion.module';
import { DocumentsModule } from '../documents/documents.module';
import { SampleDataController } from './sample-data.controller';
import { SampleDataService } from './sample-data.service';
import { SigningModule } from '../signing/signing.module';
import { TemplatesModule } from '../templates/templates.module';

/**
 * What spans templates and documents: the categories' calls (with counts of both) and the sample data.
 * The e-signature and conversion modules will sit beside it, on DocumentsService.
 */
@Module({
  imports: [CategoriesModule, TemplatesModule, DocumentsModule, SigningModule, ConversionModule],
  controllers: [SampleDataController, CategoriesController],
  providers: [CategoriesService, SampleDataService],
})
export class DocumentCenterModule {}
