import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import { CurrentUser, type AuthUser } from '@sixa/auth';
import { ApiKeyConnectionDto, ConfigureConnectionDto, OAuthCallbackDto, OAuthInitiateDto } from '@sixa/contracts';
import { ExpectedRev } from '@sixa/mongo';
import { ConnectService } from './connect.service';
import { ConnectionsService } from './connections.service';

/** The Integrations Hub's connections: made through OAuth or with an API key, configured, disconnected. */
@ApiTags('integrations')
@ApiBearerAuth()
@Controller('integrations')
export class ConnectionsController {
  constructor(
    private readonly connections: ConnectionsService,
    private readonly connect: ConnectService,
  ) {}

  /** Every connection (the workspace's; `user_id` of the spec's call is accepted and not needed). */
  @Get('connections')
  @ApiQuery({
    name: 'user_id',
    required: false,
    description: "Accepted for the spec's call; the list is the workspace's.",
  })
  listConnections(@Query('user_id') _userId?: string) {
    return this.connections.list();
  }

  /** Its own user or an admin only, as for syncing and disconnecting it. */
  @Put('connections/:id')
  configure(
    @CurrentUser() actor: AuthUser,
    @Param('id') id: string,
    @Body() dto: ConfigureConnectionDto,
    @ExpectedRev('connection') rev?: number,
  ) {
    return this.connections.configure(actor, id, dto, rev);
  }

  /** Revokes the tokens at the provider and forgets the secrets; the connection stays, disconnected. */
  @Delete('connections/:id')
  disconnect(@CurrentUser() actor: AuthUser, @Param('id') id: string) {
    return this.connections.disconnect(actor, id);
  }

  @Post('oauth/initiate')
  @ApiOkResponse({ description: 'Where to send the user to sign in to the platform.' })
  @ApiNotFoundResponse({ description: 'No such platform.' })
  @HttpCode(200)
  initiate(@CurrentUser() actor: AuthUser, @Body() dto: OAuthInitiateDto) {
    return this.connect.initiate(actor, dto);
  }

  @Post('oauth/callback')
  callback(@CurrentUser() actor: AuthUser, @Body() dto: OAuthCallbackDto) {
    return this.connect.callback(actor, dto);
  }

  @Post('api-key-connection')
  @ApiCreatedResponse({ description: 'The connection, made.' })
  @ApiNotFoundResponse({ description: 'No such platform.' })
  apiKey(@CurrentUser() actor: AuthUser, @Body() dto: ApiKeyConnectionDto) {
    return this.connect.apiKey(actor, dto);
  }
}
