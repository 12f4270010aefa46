import { CloseOutlined, RobotOutlined } from '@ant-design/icons';
import { Avatar, Badge, Button, Flex, Input, Typography, theme, type GetRef } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { shellSizes } from '../../theme/tokens';
import { ASSISTANT_NAME } from './chatConstants';
import { ChatComposer } from './ChatComposer';
import { ChatMessages } from './ChatMessages';
import { QuickActions } from './QuickActions';
import type { useChat } from './useChat';

interface ChatPanelProps {
  id: string;
  chat: ReturnType<typeof useChat>;
  onClose: () => void;
}

export function ChatPanel({ id, chat, onClose }: ChatPanelProps) {
  const { token } = theme.useToken();
  const [draft, setDraft] = useState('');
  const inputRef = useRef<GetRef<typeof Input.TextArea>>(null);

  // Back to the input once a reply has arrived (it is disabled while waiting).
  useEffect(() => {
    if (!chat.waiting) inputRef.current?.focus();
  }, [chat.waiting]);

  const pickQuickAction = (text: string) => {
    setDraft(text);
    inputRef.current?.focus();
  };

  const submit = async () => {
    const text = draft;
    if (!text.trim() || chat.waiting) return;
    setDraft('');
    await chat.send(text);
  };

  return (
    <section
      id={id}
      role="dialog"
      aria-label={`${ASSISTANT_NAME} AI Assistant`}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
      style={{
        position: 'fixed',
        right: token.marginLG,
        bottom: token.marginLG * 2 + shellSizes.chatButton,
        width: `min(${shellSizes.chatPanelWidth}px, calc(100vw - ${token.marginLG * 2}px))`,
        height: `min(${shellSizes.chatPanelHeight}px, calc(100vh - ${token.marginLG * 4 + shellSizes.chatButton}px))`,
        display: 'flex',
        flexDirection: 'column',
        background: token.colorBgElevated,
        border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        boxShadow: token.boxShadowSecondary,
        zIndex: token.zIndexPopupBase,
        overflow: 'hidden',
      }}
    >
      <Flex
        align="center"
        gap="small"
        style={{
          padding: token.paddingSM,
          background: token.colorPrimary,
          color: token.colorTextLightSolid,
        }}
      >
        <Avatar icon={<RobotOutlined />} style={{ background: token.colorPrimaryActive }} />
        <Flex vertical style={{ flex: 1, lineHeight: token.lineHeightSM }}>
          <Typography.Text strong style={{ color: token.colorTextLightSolid }}>
            {ASSISTANT_NAME}
          </Typography.Text>
          <Typography.Text style={{ color: token.colorTextLightSolid, fontSize: token.fontSizeSM }}>
            AI Assistant
          </Typography.Text>
        </Flex>
        <Badge
          status="success"
          text={<span style={{ color: token.colorTextLightSolid, fontSize: token.fontSizeSM }}>Online</span>}
        />
        <Button
          type="text"
          size="small"
          icon={<CloseOutlined />}
          aria-label="Close chat"
          onClick={onClose}
          style={{ color: token.colorTextLightSolid }}
        />
      </Flex>
      <ChatMessages messages={chat.messages} waiting={chat.waiting} />
      {chat.onlyGreeting ? <QuickActions onPick={pickQuickAction} /> : null}
      <ChatComposer value={draft} onChange={setDraft} onSubmit={submit} waiting={chat.waiting} inputRef={inputRef} />
    </section>
  );
}
