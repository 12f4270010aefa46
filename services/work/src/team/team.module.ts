import { Module } from '@nestjs/common';
import { PresenceConsumer } from './presence.consumer';
import { PresenceRepository } from './presence.repository';
import { TeamController } from './team.controller';
import { TeamDirectory } from './team.directory';
import { TeamRepository } from './team.repository';
import { TeamService } from './team.service';

@Module({
  controllers: [TeamController],
  providers: [TeamRepository, TeamService, TeamDirectory, PresenceRepository, PresenceConsumer],
  exports: [TeamRepository, TeamDirectory],
})
export class TeamModule {}
