import { LinkOutlined } from '@ant-design/icons';
import { Button, Flex, Typography, theme } from 'antd';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { visuallyHidden } from '../../shared/visuallyHidden';
import { ASSISTANT_NAME } from './chatConstants';
import type { ChatMessage, ConfirmationAnswer } from './useChat';

const timeFormat = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });

interface ChatMessagesProps {
  messages: ChatMessage[];
  waiting: boolean;
  /** The confirmations already answered, by message id. */
  answers?: Record<string, ConfirmationAnswer>;
  onAnswer?: (messageId: string, answer: ConfirmationAnswer) => void;
}

/** Yes / No under an answer that asks to confirm a change; usable once, on the latest answer only. */
function Confirmation({
  summary,
  answered,
  disabled,
  onAnswer,
}: {
  summary: string;
  answered: ConfirmationAnswer | undefined;
  disabled: boolean;
  onAnswer: (answer: ConfirmationAnswer) => void;
}) {
  return (
    <Flex gap="small" align="center" wrap role="group" aria-label={`Confirm: ${summary}`}>
      <Button
        size="small"
        type={answered === 'yes' ? 'primary' : 'default'}
        disabled={disabled}
        onClick={() => onAnswer('yes')}
      >
        Yes
      </Button>
      <Button
        size="small"
        type={answered === 'no' ? 'primary' : 'default'}
        disabled={disabled}
        onClick={() => onAnswer('no')}
      >
        No
      </Button>
    </Flex>
  );
}

/** The conversation, newest at the bottom, with the typing indicator while a reply is awaited. */
export function ChatMessages({ messages, waiting, answers = {}, onAnswer }: ChatMessagesProps) {
  const { token } = theme.useToken();
  const listRef = useRef<HTMLDivElement>(null);
  const lastId = messages[messages.length - 1]?.id;

  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [messages.length, waiting]);

  return (
    <div
      ref={listRef}
      role="log"
      aria-live="polite"
      aria-label="Conversation"
      style={{ flex: 1, overflowY: 'auto', padding: token.padding }}
    >
      <Flex vertical gap="small">
        {messages.map((msg) => {
          const mine = msg.type === 'user';
          const links = msg.links ?? [];
          const confirmation = msg.confirmation;
          return (
            <Flex key={msg.id} vertical align={mine ? 'flex-end' : 'flex-start'} gap={4}>
              <div
                style={{
                  maxWidth: '85%',
                  padding: `${token.paddingXS}px ${token.paddingSM}px`,
                  borderRadius: token.borderRadiusLG,
                  background: mine ? token.colorPrimary : token.colorFillSecondary,
                  color: mine ? token.colorTextLightSolid : token.colorText,
                  whiteSpace: 'pre-wrap',
                  overflowWrap: 'anywhere',
                }}
              >
                <span style={visuallyHidden}>{mine ? 'You: ' : `${ASSISTANT_NAME}: `}</span>
                {msg.content}
                {links.length ? (
                  <Flex
                    vertical
                    gap={2}
                    role="list"
                    aria-label="Links"
                    style={{ marginTop: token.marginXS, whiteSpace: 'normal' }}
                  >
                    {links.map((link) => (
                      <span role="listitem" key={`${link.href} ${link.label}`}>
                        <LinkOutlined aria-hidden style={{ marginInlineEnd: token.marginXXS }} />
                        <Link to={link.href}>{link.label}</Link>
                      </span>
                    ))}
                  </Flex>
                ) : null}
              </div>
              {confirmation && onAnswer ? (
                <Confirmation
                  summary={confirmation.summary}
                  answered={answers[msg.id]}
                  disabled={waiting || Boolean(answers[msg.id]) || msg.id !== lastId}
                  onAnswer={(answer) => onAnswer(msg.id, answer)}
                />
              ) : null}
              <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
                {timeFormat.format(new Date(msg.timestamp))}
              </Typography.Text>
            </Flex>
          );
        })}
        {waiting ? (
          <Typography.Text type="secondary" role="status" italic>
            {ASSISTANT_NAME} is typing…
          </Typography.Text>
        ) : null}
      </Flex>
    </div>
  );
}
