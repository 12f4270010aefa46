import { Flex, Typography, theme } from 'antd';
import { useEffect, useRef } from 'react';
import { visuallyHidden } from '../../shared/visuallyHidden';
import { ASSISTANT_NAME } from './chatConstants';
import type { ChatMessage } from './useChat';

const timeFormat = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });

/** The conversation, newest at the bottom, with the typing indicator while a reply is awaited. */
export function ChatMessages({ messages, waiting }: { messages: ChatMessage[]; waiting: boolean }) {
  const { token } = theme.useToken();
  const listRef = useRef<HTMLDivElement>(null);

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
          return (
            <Flex key={msg.id} vertical align={mine ? 'flex-end' : 'flex-start'}>
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
              </div>
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
