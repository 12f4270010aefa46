import { act } from '@testing-library/react';

type Handler = ((event: any) => void) | null;

/**
 * Stands in for the browser's WebSocket: records every socket the page opens and lets the test
 * play the server (open, send, close, fail).
 */
export class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static instances: FakeWebSocket[] = [];

  readonly url: string;
  readonly protocols: string[];
  readyState = FakeWebSocket.CONNECTING;
  /** close() called by the page. */
  closedByClient = false;
  onopen: Handler = null;
  onmessage: Handler = null;
  onerror: Handler = null;
  onclose: Handler = null;

  constructor(url: string | URL, protocols?: string | string[]) {
    this.url = String(url);
    this.protocols = protocols === undefined ? [] : Array.isArray(protocols) ? protocols : [protocols];
    FakeWebSocket.instances.push(this);
  }

  send(): void {}

  close(): void {
    this.closedByClient = true;
    this.readyState = FakeWebSocket.CLOSED;
    this.onclose?.({ code: 1000, reason: '', wasClean: true });
  }

  serverOpens(): void {
    act(() => {
      this.readyState = FakeWebSocket.OPEN;
      this.onopen?.({});
    });
  }

  serverSends(message: unknown): void {
    act(() => {
      this.onmessage?.({ data: typeof message === 'string' ? message : JSON.stringify(message) });
    });
  }

  serverCloses(code = 1006): void {
    act(() => {
      this.readyState = FakeWebSocket.CLOSED;
      this.onclose?.({ code, reason: '', wasClean: code === 1000 });
    });
  }

  fails(): void {
    act(() => {
      this.onerror?.({});
    });
  }
}

/** Installs the fake for one test file; returns the socket the page uses now (the latest opened). */
export function installFakeWebSocket() {
  const original = globalThis.WebSocket;
  beforeEach(() => {
    FakeWebSocket.instances = [];
    globalThis.WebSocket = FakeWebSocket as unknown as typeof WebSocket;
  });
  afterEach(() => {
    globalThis.WebSocket = original;
  });
  return {
    get sockets() {
      return FakeWebSocket.instances;
    },
    latest(): FakeWebSocket {
      const socket = FakeWebSocket.instances.at(-1);
      if (!socket) throw new Error('the page opened no WebSocket');
      return socket;
    },
  };
}
