import { Module } from '@nestjs/common';
import { PlatformsModule } from '../platforms/platforms.module';
import { ConnectService } from './connect.service';
import { ConnectionsController } from './connections.controller';
import { ConnectionsRepository } from './connections.repository';
import { ConnectionsService } from './connections.service';
import { CredentialsService } from './credentials.service';
import { OAuthStatesRepository } from './oauth-states.repository';

/** Connections to platforms: made, configured, disconnected, and their credentials kept fresh. */
@Module({
  imports: [PlatformsModule],
  controllers: [ConnectionsController],
  providers: [ConnectionsRepository, OAuthStatesRepository, ConnectionsService, ConnectService, CredentialsService],
  exports: [ConnectionsRepository, ConnectionsService, CredentialsService],
})
export class ConnectionsModule {}
