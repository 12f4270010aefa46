import { Module } from '@nestjs/common';
import { AiSettingsFollower } from './ai-settings';
import { ChatSessionsRepository } from './chat-sessions.repository';
import { ChatController } from './chat.controller';
import { ChatService } from './chat.service';

/** The SIXA chat: conversations per session and user, an intent parser or a model, tools that call the API. */
@Module({
  controllers: [ChatController],
  providers: [ChatSessionsRepository, ChatService, AiSettingsFollower],
})
export class ChatModule {}
