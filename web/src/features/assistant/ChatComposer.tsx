import { SendOutlined } from '@ant-design/icons';
import { Button, Flex, Input, theme, type GetRef } from 'antd';
import type { KeyboardEvent, Ref } from 'react';
import { CHAT_MESSAGE_MAX } from '@sixa/contracts/browser';
import { INPUT_PLACEHOLDER } from './chatConstants';

interface ChatComposerProps {
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  waiting: boolean;
  /** The assistant cannot answer at all: the input stays visible but nothing can be sent. */
  disabled?: boolean;
  inputRef: Ref<GetRef<typeof Input.TextArea>>;
}

/** Enter sends, Shift+Enter starts a new line; nothing is sent while empty or while waiting. */
export function ChatComposer({ value, onChange, onSubmit, waiting, disabled = false, inputRef }: ChatComposerProps) {
  const { token } = theme.useToken();
  const canSend = Boolean(value.trim()) && !waiting && !disabled;

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (canSend) onSubmit();
    }
  };

  return (
    <Flex
      gap="small"
      align="flex-end"
      style={{
        padding: token.paddingSM,
        borderTop: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
      }}
    >
      <Input.TextArea
        ref={inputRef}
        aria-label="Message"
        placeholder={INPUT_PLACEHOLDER}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        disabled={waiting || disabled}
        maxLength={CHAT_MESSAGE_MAX}
        autoSize={{ minRows: 1, maxRows: 4 }}
      />
      <Button type="primary" icon={<SendOutlined />} aria-label="Send message" disabled={!canSend} onClick={onSubmit} />
    </Flex>
  );
}
