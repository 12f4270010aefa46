import { CloseOutlined, MessageOutlined } from '@ant-design/icons';
import { Button, theme } from 'antd';
import { lazy, Suspense, useEffect, useId, useRef, useState, type CSSProperties } from 'react';
import { createPortal } from 'react-dom';
import { shellSizes } from '../../theme/tokens';
import { CHAT_HEADER_SLOT_ID } from './chatConstants';
import { useChat } from './useChat';

/** The panel's code is fetched when it is first opened (the conversation itself lives here). */
const ChatPanel = lazy(() => import('./ChatPanel').then((m) => ({ default: m.ChatPanel })));

/**
 * The round button and the assistant panel it opens (on every page). It never lies over the screen's
 * content: on wide screens it sits at the bottom right in the strip the layout keeps free for it
 * (shellSizes.chatGutter); on phones (`docked`), where no strip can be spared, it moves out of the way
 * into the header. Either way it is one button in the tab order.
 */
export function ChatWidget({ docked = false }: { docked?: boolean }) {
  const [open, setOpen] = useState(false);
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  const chat = useChat();
  const panelId = useId();
  const { token } = theme.useToken();
  const toggleRef = useRef<HTMLButtonElement>(null);

  const close = () => {
    setOpen(false);
    toggleRef.current?.focus();
  };

  // The header's slot exists once the layout has rendered: found after it.
  useEffect(() => setSlot(docked ? document.getElementById(CHAT_HEADER_SLOT_ID) : null), [docked]);

  const floating: CSSProperties = {
    position: 'fixed',
    right: shellSizes.chatButtonInset,
    bottom: shellSizes.chatButtonInset,
    width: shellSizes.chatButton,
    height: shellSizes.chatButton,
    fontSize: token.fontSizeXL,
    boxShadow: token.boxShadowSecondary,
    // Above the screen and its sticky header, under menus, drawers and dialogs (antd's pop-up base).
    zIndex: token.zIndexPopupBase - 1,
  };
  const toggle = (
    <Button
      ref={toggleRef}
      type="primary"
      shape="circle"
      icon={open ? <CloseOutlined /> : <MessageOutlined />}
      aria-label={open ? 'Close AI assistant' : 'Open AI assistant'}
      aria-expanded={open}
      aria-controls={open ? panelId : undefined}
      onClick={() => setOpen((value) => !value)}
      style={docked ? undefined : floating}
    />
  );

  return (
    <>
      {open ? (
        <Suspense fallback={null}>
          <ChatPanel id={panelId} chat={chat} onClose={close} />
        </Suspense>
      ) : null}
      {docked ? (slot ? createPortal(toggle, slot) : null) : toggle}
    </>
  );
}
