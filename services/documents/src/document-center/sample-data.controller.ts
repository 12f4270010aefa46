import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { SampleDataService } from './sample-data.service';

@ApiTags('documents')
@Controller('documents')
export class SampleDataController {
  constructor(private readonly samples: SampleDataService) {}

  /** Demo mode only (404 otherwise); idempotent. Also what POST /api/initialize-mock-data calls (without a token). */
  @Post('initialize-sample-data')
  @HttpCode(200)
  initialize() {
    return this.samples.seed();
  }
}
