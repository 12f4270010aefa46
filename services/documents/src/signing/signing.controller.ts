import { Body, Controller, Get, Headers, HttpCode, Ip, Param, Post, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser, type AuthUser } from '@sixa/auth';
import { DeclineDocumentDto, SendForSignatureDto, SignDocumentDto, VerifyDocumentDto } from '@sixa/contracts';
import { hangUp } from '../conversion/hang-up';
import type { Reply } from '@sixa/service';
import type { ServerResponse } from 'node:http';
import { SignatureSendingService } from './signature-sending.service';
import { SigningService } from './signing.service';

/** Fastify's reply, with the connection (to notice a caller that hangs up). */
type RawReply = Reply & { raw: ServerResponse };

/** Sends a PDF inline, named for download. */
function sendPdf(reply: Reply, pdf: { bytes: Buffer; name: string }): Buffer {
  reply.header('content-type', 'application/pdf');
  reply.header(
    'content-disposition',
    `inline; filename="${pdf.name.replace(/"/g, '')}"; filename*=UTF-8''${encodeURIComponent(pdf.name)}`,
  );
  reply.header('cache-control', 'private, no-store');
  return pdf.bytes;
}

/** The sender's side of e-signature: send, follow, download, verify. */
@ApiTags('documents')
@ApiBearerAuth()
@Controller('documents')
export class SigningController {
  constructor(private readonly signing: SignatureSendingService) {}

  @Post('verify')
  @HttpCode(200)
  verify(@Body() dto: VerifyDocumentDto) {
    return this.signing.verify(dto.file_content);
  }

  @Post(':id/send-for-signature')
  @HttpCode(200)
  send(
    @CurrentUser() actor: AuthUser,
    @Param('id') id: string,
    @Body() dto: SendForSignatureDto,
    @Res({ passthrough: true }) reply: RawReply,
  ) {
    return this.signing.send(actor, id, dto, hangUp(reply.raw));
  }

  @Get(':id/signing-links')
  signingLinks(@CurrentUser() actor: AuthUser, @Param('id') id: string) {
    return this.signing.signingLinks(actor, id);
  }

  @Get(':id/audit-trail')
  auditTrail(@CurrentUser() actor: AuthUser, @Param('id') id: string) {
    return this.signing.auditTrail(actor, id);
  }

  @Get(':id/pdf')
  async pdf(@CurrentUser() actor: AuthUser, @Param('id') id: string, @Res({ passthrough: true }) reply: RawReply) {
    return sendPdf(reply, await this.signing.documentPdf(actor, id, hangUp(reply.raw)));
  }

  @Get(':id/signed-pdf')
  async signedPdf(@CurrentUser() actor: AuthUser, @Param('id') id: string, @Res({ passthrough: true }) reply: Reply) {
    return sendPdf(reply, await this.signing.signedPdf(actor, id));
  }
}

/** The signer's side: public pages reached by the signed link in their e-mail (no staff sign-in). */
@ApiTags('documents')
@Controller('documents/signing')
export class PublicSigningController {
  constructor(private readonly signing: SigningService) {}

  @Get(':token')
  open(@Param('token') token: string, @Ip() ip: string, @Headers('user-agent') userAgent: string | undefined) {
    return this.signing.open(token, { ip, userAgent: userAgent ?? null });
  }

  @Get(':token/pdf')
  async pdf(@Param('token') token: string, @Res({ passthrough: true }) reply: Reply) {
    return sendPdf(reply, await this.signing.signerPdf(token));
  }

  @Post(':token/sign')
  @HttpCode(200)
  sign(
    @Param('token') token: string,
    @Body() dto: SignDocumentDto,
    @Ip() ip: string,
    @Headers('user-agent') userAgent: string | undefined,
  ) {
    return this.signing.sign(token, dto, { ip, userAgent: userAgent ?? null });
  }

  @Post(':token/decline')
  @HttpCode(200)
  decline(
    @Param('token') token: string,
    @Body() dto: DeclineDocumentDto,
    @Ip() ip: string,
    @Headers('user-agent') userAgent: string | undefined,
  ) {
    return this.signing.decline(token, dto, { ip, userAgent: userAgent ?? null });
  }
}
