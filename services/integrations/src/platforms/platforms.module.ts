import { Module } from '@nestjs/common';
import { PlatformsController } from './platforms.controller';
import { PlatformsRepository } from './platforms.repository';
import { PlatformsService } from './platforms.service';

/** Platforms: the samples (demo mode) and those an admin configures. */
@Module({
  controllers: [PlatformsController],
  providers: [PlatformsRepository, PlatformsService],
  exports: [PlatformsService],
})
export class PlatformsModule {}
