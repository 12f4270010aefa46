import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { ProductsRepository } from './products.repository';

@ApiTags('quotes')
@ApiBearerAuth()
@Controller('products-services')
export class ProductsController {
  constructor(private readonly products: ProductsRepository) {}

  @Get()
  list() {
    return this.products.list();
  }
}
