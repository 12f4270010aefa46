import { Module } from '@nestjs/common';
import { CategoriesModule } from '../categories/categories.module';
import { TemplatesController } from './templates.controller';
import { TemplatesRepository } from './templates.repository';
import { TemplatesService } from './templates.service';

@Module({
  imports: [CategoriesModule],
  controllers: [TemplatesController],
  providers: [TemplatesRepository, TemplatesService],
  exports: [TemplatesRepository, TemplatesService],
})
export class TemplatesModule {}
