import type { MonitoringMessage } from '@sixa/contracts';
import { MONITORING_WS_PROTOCOL, WS_TOKEN_PROTOCOL_PREFIX } from '@sixa/contracts/src/monitoring';
import { useEffect, useRef, useState } from 'react';
import { monitoringStreamUrl, parseMonitoringMessage, STREAM_RECONNECT_MS } from './monitoringMessages';

/**
 * The /ws/monitoring stream while the component is mounted and a token is present. Browsers cannot
 * set headers on a WebSocket, so the token travels as a second subprotocol (`bearer.<jwt>`) that
 * the gateway reads; it selects the first one. A closed stream is opened again after 5 s (spec s.4),
 * also after a 4401 (token refused): one attempt every 5 s is no hammering, and a token that is
 * really gone ends the session through the next HTTP call anyway.
 */
export function useMonitoringStream(token: string | null, onMessage: (message: MonitoringMessage) => void) {
  const [connected, setConnected] = useState(false);
  const handler = useRef(onMessage);

  useEffect(() => {
    handler.current = onMessage;
  }, [onMessage]);

  useEffect(() => {
    if (!token) return undefined;
    let socket: WebSocket | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;

    const open = () => {
      retry = undefined;
      const ws = new WebSocket(monitoringStreamUrl(), [MONITORING_WS_PROTOCOL, `${WS_TOKEN_PROTOCOL_PREFIX}${token}`]);
      socket = ws;
      ws.onopen = () => setConnected(true);
      ws.onmessage = (event: MessageEvent) => {
        const message = parseMonitoringMessage(event.data);
        if (message) handler.current(message);
      };
      ws.onerror = () => setConnected(false);
      ws.onclose = () => {
        setConnected(false);
        if (socket === ws && retry === undefined) retry = setTimeout(open, STREAM_RECONNECT_MS);
      };
    };

    open();
    return () => {
      clearTimeout(retry);
      const ws = socket;
      socket = null;
      if (ws) {
        ws.onopen = ws.onmessage = ws.onerror = ws.onclose = null;
        ws.close();
      }
      setConnected(false);
    };
  }, [token]);

  return { connected };
}
