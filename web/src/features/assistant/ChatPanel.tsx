import { CloseOutlined, RobotOutlined } from '@ant-design/icons';
import { Alert, Avatar, Badge, Button, Flex, Input, Typography, theme, type GetRef } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { shellSizes } from '../../theme/tokens';
import { useServiceDeployed } from '../system/systemApi';
import { ASSISTANT_NAME } from './chatConstants';
import { ChatComposer } from './ChatComposer';
import { ChatMessages } from './ChatMessages';
import { QuickActions } from './QuickActions';
import { useAssistantStatus } from './useAssistantStatus';
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
  const status = useAssistantStatus();
  // Not deployed: nothing could answer, so nothing is sent. Unreachable: the next message tries again.
  const { deployed, recheck } = useServiceDeployed('assistant');

  useEffect(() => {
    recheck();
  }, [recheck]);

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
    if (!text.trim() || chat.waiting || !deployed) return;
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
        right: shellSizes.chatButtonInset,
        bottom: shellSizes.chatButtonInset + token.marginSM + shellSizes.chatButton,
        // On a phone: the screen's width less a small margin, and its visible height less the button.
        width: `min(${shellSizes.chatPanelWidth}px, calc(100vw - ${shellSizes.chatButtonInset * 2}px))`,
        height: `min(${shellSizes.chatPanelHeight}px, calc(100dvh - ${shellSizes.chatButtonInset * 2 + token.marginSM + shellSizes.chatButton}px))`,
        display: 'flex',
        flexDirection: 'column',
        background: token.colorBgElevated,
        border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        boxShadow: token.boxShadowSecondary,
        // Above the screen and its sticky header, under menus, drawers and dialogs (antd's pop-up base).
        zIndex: token.zIndexPopupBase - 1,
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
          status={status === 'online' ? 'success' : 'default'}
          text={
            <span style={{ color: token.colorTextLightSolid, fontSize: token.fontSizeSM }}>
              {status === 'online' ? 'Online' : 'Offline'}
            </span>
          }
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
      {status === 'offline' ? (
        <Alert
          type="warning"
          showIcon
          banner
          title={
            deployed
              ? `${ASSISTANT_NAME} could not be reached. Your next message tries again.`
              : `${ASSISTANT_NAME} is offline: the assistant is not available on this workspace yet.`
          }
        />
      ) : null}
      <ChatMessages
        messages={chat.messages}
        waiting={chat.waiting}
        answers={chat.answers}
        onAnswer={(messageId, answer) => void chat.answer(messageId, answer)}
      />
      {chat.onlyGreeting && deployed ? <QuickActions onPick={pickQuickAction} /> : null}
      <ChatComposer
        value={draft}
        onChange={setDraft}
        onSubmit={submit}
        waiting={chat.waiting}
        disabled={!deployed}
        inputRef={inputRef}
      />
    </section>
  );
}
