import { Module } from '@nestjs/common';
import { CategoriesRepository } from './categories.repository';

/**
 * The categories store, which templates and documents check their `category_id` against. The
 * categories' own calls (with counts of templates and documents) are in DocumentCenterModule.
 */
@Module({
  providers: [CategoriesRepository],
  exports: [CategoriesRepository],
})
export class CategoriesModule {}
