import { CloseOutlined, MessageOutlined } from '@ant-design/icons';
import { Button, theme } from 'antd';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { shellSizes } from '../../theme/tokens';
import { useChat } from './useChat';

/** The panel's code is fetched when it is first opened (the conversation itself lives here). */
const ChatPanel = lazy(() => import('./ChatPanel').then((m) => ({ default: m.ChatPanel })));

/** The round button at the bottom right and the assistant panel it opens (on every page). */
export function ChatWidget() {
  const [open, setOpen] = useState(false);
  const chat = useChat();
  const panelId = useId();
  const { token } = theme.useToken();
  const toggleRef = useRef<HTMLButtonElement>(null);

  const close = () => {
    setOpen(false);
    toggleRef.current?.focus();
  };

  return (
    <>
      {open ? (
        <Suspense fallback={null}>
          <ChatPanel id={panelId} chat={chat} onClose={close} />
        </Suspense>
      ) : null}
      <Button
        ref={toggleRef}
        type="primary"
        shape="circle"
        icon={open ? <CloseOutlined /> : <MessageOutlined />}
        aria-label={open ? 'Close AI assistant' : 'Open AI assistant'}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((value) => !value)}
        style={{
          position: 'fixed',
          right: token.marginLG,
          bottom: token.marginLG,
          width: shellSizes.chatButton,
          height: shellSizes.chatButton,
          fontSize: token.fontSizeXL,
          boxShadow: token.boxShadowSecondary,
          // Above the screen and its sticky header, under menus, drawers and dialogs (antd's pop-up base).
          zIndex: token.zIndexPopupBase - 1,
        }}
      />
    </>
  );
}
