import { Body, Controller, Get, Module, Param, Post, Query } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsDefined,
  IsEmail,
  IsIn,
  IsInt,
  IsISO8601,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { documentPathParameters, documentValidation } from './validation-docs';

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
  @IsDefined() note!: unknown;
  @IsOptional() @IsUrl({ protocols: ['https'], require_protocol: true }) receipt_url?: string;
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
  @Get(':id') get(@Param('id') id: string) {
    return { id };
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
          schema: { type: 'string', enum: ['new', 'paid', null], nullable: true },
        },
      ]);
      const schemas = doc.components!.schemas!;
      expect(schemas.OrderDto).toMatchObject({
        required: ['email', 'payment', 'lines', 'deliver_at', 'note'],
        properties: {
          email: { type: 'string', format: 'email' },
          payment: { type: 'string', enum: ['card', 'invoice'] },
          currency: { type: 'string', pattern: '^[A-Z]{3}$', nullable: true },
          lines: { type: 'array', maxItems: 20, items: { $ref: '#/components/schemas/LineDto' } },
          tags: { type: 'array', nullable: true, items: { type: 'string', maxLength: 30 } },
          deliver_at: { type: 'string', format: 'date-time' },
          // Nothing says what it is: any JSON value, not "an object".
          note: {
            oneOf: [
              { type: 'string' },
              { type: 'number' },
              { type: 'boolean' },
              { type: 'object' },
              { type: 'array', items: {} },
            ],
          },
          receipt_url: { type: 'string', format: 'uri', pattern: '^(https)://' },
        },
      });
      expect(schemas.LineDto).toMatchObject({
        required: ['sku', 'quantity'],
        properties: { sku: { type: 'string', maxLength: 40 }, quantity: { type: 'integer', minimum: 1, maximum: 99 } },
      });
      documentPathParameters(doc);
      expect(doc.paths['/orders/{id}']!.get!.parameters).toEqual([
        { name: 'id', required: true, in: 'path', schema: { type: 'string', pattern: '^[a-fA-F0-9]{24}$' } },
      ]);
    } finally {
      await app.close();
    }
  });
});
