import { Injectable, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { DOMAIN_TOPICS } from '@sixa/contracts';
import { KafkaLifecycle } from '@sixa/kafka';
import { SettingsConfigRef } from '../config.provider';
import { EntriesModule } from '../entries/entries.module';
import { SettingsSampleData, SettingsSampleDataController } from '../sample-data.controller';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { ExecutionsRepository } from './executions.repository';
import { RuleMailsRepository } from './rule-mails.repository';
import { RulesController } from './rules.controller';
import { RulesRepository } from './rules.repository';
import { RulesService } from './rules.service';

/** Every domain event goes through the active rules of its type (a consumer group of its own). */
@Injectable()
export class RulesConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly kafka: KafkaLifecycle,
    private readonly rules: RulesService,
    private readonly config: SettingsConfigRef,
  ) {}

  onApplicationBootstrap() {
    this.kafka.consume(
      {
        groupId: `${this.config.value.mongoDb}-business-rules`,
        topics: [...DOMAIN_TOPICS],
        fromBeginning: false,
        keyConcurrency: 8,
      },
      (event) => this.rules.handle(event),
    );
  }
}

@Module({
  imports: [WebhooksModule, EntriesModule],
  controllers: [RulesController, SettingsSampleDataController],
  providers: [
    RulesRepository,
    ExecutionsRepository,
    RuleMailsRepository,
    RulesService,
    RulesConsumer,
    SettingsSampleData,
  ],
})
export class RulesModule {}
