import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser, type AuthUser } from '@sixa/auth';
import { ConvertDocumentDto } from '@sixa/contracts';
import type { ServerResponse } from 'node:http';
import { ConversionService } from './conversion.service';
import { hangUp } from './hang-up';

/** A path of its own: `convert` is never taken for a document id. */
@ApiTags('documents')
@ApiBearerAuth()
@Controller('documents/convert')
export class ConversionController {
  constructor(private readonly conversion: ConversionService) {}

  /** A docx, xlsx, html or txt file (base64) as a PDF (base64). */
  @Post()
  @HttpCode(200)
  convert(
    @CurrentUser() actor: AuthUser,
    @Body() dto: ConvertDocumentDto,
    @Res({ passthrough: true }) reply: { raw: ServerResponse },
  ) {
    return this.conversion.convert(actor, dto, hangUp(reply.raw));
  }
}
