import { Transform, Type } from 'class-transformer';
import { IsIn, IsObject, IsOptional, IsString, Matches, MaxLength, MinLength, ValidateNested } from 'class-validator';
import { CHAT_MESSAGE_MAX, CHAT_SESSION_ID_MAX, type ChatConfirmAnswer, type ChatRequest } from '@sixa/contracts';

export class ChatConfirmDto implements ChatConfirmAnswer {
  @IsString() @MinLength(1) @MaxLength(100) id!: string;
  @IsIn(['yes', 'no'], { message: 'confirm.answer must be yes or no' }) answer!: 'yes' | 'no';
}

/** POST /chat/message. A message of spaces only is empty (the service trims it before it answers). */
export class ChatMessageDto implements ChatRequest {
  @IsString({ message: 'message is required' })
  @Matches(/\S/, { message: 'message must not be empty' })
  @MaxLength(CHAT_MESSAGE_MAX, { message: `message must be at most ${CHAT_MESSAGE_MAX} characters` })
  message!: string;

  @Transform(({ value }: { value: unknown }) => (typeof value === 'number' ? String(value) : value))
  @IsString({ message: 'session_id is required' })
  @MinLength(1, { message: 'session_id is required' })
  @MaxLength(CHAT_SESSION_ID_MAX, { message: `session_id must be at most ${CHAT_SESSION_ID_MAX} characters` })
  @Matches(/^[\w.:-]+$/, { message: 'session_id may hold letters, digits and . _ : - only' })
  session_id!: string;

  /** Accepted for the spec's client and ignored: the token says who is asking. */
  @IsOptional() @IsString() @MaxLength(200) user_id?: string;

  @IsOptional() @IsString() @MaxLength(64) time_zone?: string;

  @IsOptional() @IsObject() @ValidateNested() @Type(() => ChatConfirmDto) confirm?: ChatConfirmDto;
}
