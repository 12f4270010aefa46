import { Module } from '@nestjs/common';

/** The SIXA chat: conversations per session and user, an intent parser or a model, tools that call the API. */
@Module({})
export class ChatModule {}
