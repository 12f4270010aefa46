import { Body, Controller, Get, Headers, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiParam, ApiTags } from '@nestjs/swagger';
import { CurrentUser, type AuthUser } from '@sixa/auth';
import { CHAT_SESSION_ID_MAX } from '@sixa/contracts';
import { AssistantError, AssistantErrorCode } from '../assistant.errors';
import { ChatService } from './chat.service';
import { ChatMessageDto } from './dto/chat-message.dto';

@ApiTags('chat')
@ApiBearerAuth()
@Controller('chat')
export class ChatController {
  constructor(private readonly chat: ChatService) {}

  /** The assistant's answer (200 with a sentence even when a tool failed); the token's user is who asks. */
  @Post('message')
  @HttpCode(200)
  message(
    @CurrentUser() user: AuthUser,
    @Headers('authorization') authorization: string | undefined,
    @Body() dto: ChatMessageDto,
  ) {
    return this.chat.message(user, authorization, dto);
  }

  /** Whether the assistant can answer now (503 when its store or Kafka is not reachable), and with what. */
  @Get('status')
  status() {
    return this.chat.status();
  }

  /** The signed-in user's conversation in that session; another user's session is not found. */
  @Get('sessions/:id')
  @ApiParam({
    name: 'id',
    description: 'The session_id the conversation was sent with.',
    schema: { type: 'string', pattern: `^[A-Za-z0-9_:-][A-Za-z0-9_.:-]{0,${CHAT_SESSION_ID_MAX - 1}}$` },
  })
  session(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    if (id.length > CHAT_SESSION_ID_MAX)
      throw new AssistantError(AssistantErrorCode.ChatSessionNotFound, 'Chat session not found');
    return this.chat.session(user, id);
  }
}
