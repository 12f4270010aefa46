import { Body, Controller, Get, Module, Post, Query } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsEmail,
  IsIn,
  IsInt,
  IsISO8601,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { documentValidation } from './validation-docs';

class LineDto {
  @IsString() @MaxLength(40) sku!: string;
  @IsInt() @Min(1) @Max(99) quantity!: number;
}

class OrderDto {
  @IsEmail() email!: string;
  @IsIn(['card', 'invoice']) payment!: 'card' | 'invoice';
  @IsOptional() @IsString() @Matches(/^[A-Z]{3}$/) currency?: string;
  @ValidateNested({ each: true }) @Type(() => LineDto) @ArrayMaxSize(20) lines!: LineDto[];
  @IsOptional() @IsString({ each: true }) @MaxLength(30, { each: true }) tags?: string[];
  @IsISO8601() deliver_at!: string;
}

class OrdersQuery {
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(100) limit?: number;
  @IsOptional() @IsIn(['new', 'paid']) status?: string;
}

@Controller('orders')
class OrdersController {
  @Get() list(@Query() query: OrdersQuery) {
    return query;
  }
  @Post() create(@Body() order: OrderDto) {
    return order;
  }
}

@Module({ controllers: [OrdersController] })
class OrdersModule {}

describe(documentValidation.name, () => {
  it("documents each route's body and query with the constraints its validation enforces", async () => {
    const app = await NestFactory.create(OrdersModule, new FastifyAdapter(), { logger: false });
    try {
      expect([...documentValidation(app)].sort()).toEqual(['LineDto', 'OrderDto', 'OrdersQuery']);
      const doc = SwaggerModule.createDocument(app, new DocumentBuilder().build());
      expect(doc.paths['/orders']!.get!.parameters).toEqual([
        {
          name: 'limit',
          in: 'query',
          required: false,
          schema: { type: 'integer', minimum: 1, maximum: 100, nullable: true },
        },
        {
          name: 'status',
          in: 'query',
          required: false,
          schema: { type: 'string', enum: ['new', 'paid'], nullable: true },
        },
      ]);
      const schemas = doc.components!.schemas!;
      expect(schemas.OrderDto).toMatchObject({
        required: ['email', 'payment', 'lines', 'deliver_at'],
        properties: {
          email: { type: 'string', format: 'email' },
          payment: { type: 'string', enum: ['card', 'invoice'] },
          currency: { type: 'string', pattern: '^[A-Z]{3}$', nullable: true },
          lines: { type: 'array', maxItems: 20, items: { $ref: '#/components/schemas/LineDto' } },
          tags: { type: 'array', nullable: true, items: { type: 'string', maxLength: 30 } },
          deliver_at: { type: 'string', format: 'date-time' },
        },
      });
      expect(schemas.LineDto).toMatchObject({
        required: ['sku', 'quantity'],
        properties: { sku: { type: 'string', maxLength: 40 }, quantity: { type: 'integer', minimum: 1, maximum: 99 } },
      });
    } finally {
      await app.close();
    }
  });
});
