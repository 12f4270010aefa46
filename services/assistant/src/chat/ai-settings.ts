import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import {
  DEFAULT_AI_SETTINGS,
  TOPICS,
  type AiSettingCategory,
  type AiSettings,
  type EventEnvelope,
} from '@sixa/contracts';
import { KafkaLifecycle } from '@sixa/kafka';
import { InjectConnection, KeptValues } from '@sixa/mongo';
import type { Connection } from 'mongoose';
import { AssistantConfigRef } from '../config.provider';

/**
 * Settings › AI Configuration as the assistant applies it from its next answer: each group
 * (model, tools, tone) followed from settings.events.v1 and kept at its highest revision in the assistant's own database.
 */
@Injectable()
export class AiSettingsFollower implements OnApplicationBootstrap {
  private readonly kept: KeptValues<Record<string, unknown>>;

  constructor(
    private readonly kafka: KafkaLifecycle,
    private readonly config: AssistantConfigRef,
    @InjectConnection() connection: Connection,
  ) {
    this.kept = new KeptValues(connection.db!, 'followed_settings');
  }

  onApplicationBootstrap() {
    this.kafka.consume(
      { groupId: `${this.config.value.mongoDb}-ai-settings`, topics: [TOPICS.settings], fromBeginning: true },
      (event) => this.handle(event),
    );
  }

  async handle(event: EventEnvelope): Promise<void> {
    if (event.type !== 'settings.ai_settings_updated') return;
    const { group, rev } = event.data;
    if (group.category in DEFAULT_AI_SETTINGS) await this.kept.keep(`ai.${group.category}`, group.settings, rev);
  }

  /** The settings in force now (defaults for a group never set). */
  async current(): Promise<AiSettings> {
    const read = async <C extends AiSettingCategory>(c: C): Promise<AiSettings[C]> => ({
      ...DEFAULT_AI_SETTINGS[c],
      ...((await this.kept.get(`ai.${c}`)) ?? {}),
    });
    const [model, tools, tone] = await Promise.all([read('model'), read('tools'), read('tone')]);
    return { model, tools, tone };
  }
}
