/**
 * The browser's side of connecting an OAuth 2.0 platform: the authorization URL opens in a popup
 * (or, when popups are blocked, in this window); the provider sends the user back to
 * CALLBACK_PATH, whose page completes the connection and tells the Integrations Hub how it went.
 *
 * What the callback page needs (the platform, how the flow was opened) is kept in localStorage,
 * keyed by the single-use state: unlike sessionStorage (copied into a popup when it opens, before
 * the state exists), it is shared by every window of this origin. The result goes back over a
 * BroadcastChannel, which survives the popup's trip through the provider's origin (where the
 * opener link may be cut by Cross-Origin-Opener-Policy), and also by postMessage to the opener.
 */
export const CALLBACK_PATH = '/integrations/oauth/callback';
const PENDING_PREFIX = 'sixa.integrations.oauth.';
const CHANNEL = 'sixa.integrations.oauth';
const MESSAGE_TYPE = 'integrations.oauth.result';
/** The service's state lives 10 minutes; a record older than that is useless. */
const PENDING_TTL_MS = 10 * 60_000;

export type FlowMode = 'popup' | 'redirect';

export interface PendingAuthorization {
  platform_id: string;
  platform_name: string;
  mode: FlowMode;
  created_at: number;
}

export type OAuthResult =
  | { type: typeof MESSAGE_TYPE; state: string; ok: true; connection_name: string; platform_name: string }
  | { type: typeof MESSAGE_TYPE; state: string; ok: false; detail: string; platform_name: string };

export type OAuthOutcome = { ok: true; connection_name: string } | { ok: false; detail: string };

export const callbackUri = () => `${window.location.origin}${CALLBACK_PATH}`;

export function savePending(state: string, pending: Omit<PendingAuthorization, 'created_at'>): void {
  try {
    window.localStorage.setItem(PENDING_PREFIX + state, JSON.stringify({ ...pending, created_at: Date.now() }));
  } catch {
    // Storage refused (private mode): the callback page then says the sign-in cannot be completed.
  }
}

/** The record for this state, removed (a state is used once); null when unknown or too old. */
export function takePending(state: string): PendingAuthorization | null {
  try {
    const raw = window.localStorage.getItem(PENDING_PREFIX + state);
    window.localStorage.removeItem(PENDING_PREFIX + state);
    if (!raw) return null;
    const pending = JSON.parse(raw) as Partial<PendingAuthorization>;
    if (typeof pending.platform_id !== 'string' || typeof pending.created_at !== 'number') return null;
    if (Date.now() - pending.created_at > PENDING_TTL_MS) return null;
    return {
      platform_id: pending.platform_id,
      platform_name: typeof pending.platform_name === 'string' ? pending.platform_name : 'the platform',
      mode: pending.mode === 'redirect' ? 'redirect' : 'popup',
      created_at: pending.created_at,
    };
  } catch {
    return null;
  }
}

export function forgetPending(state: string): void {
  try {
    window.localStorage.removeItem(PENDING_PREFIX + state);
  } catch {
    // nothing kept
  }
}

export function isOAuthResult(value: unknown): value is OAuthResult {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  if (v.type !== MESSAGE_TYPE || typeof v.state !== 'string' || typeof v.ok !== 'boolean') return false;
  return v.ok ? typeof v.connection_name === 'string' : typeof v.detail === 'string';
}

export function resultMessage(state: string, platform_name: string, outcome: OAuthOutcome): OAuthResult {
  return outcome.ok
    ? { type: MESSAGE_TYPE, state, ok: true, connection_name: outcome.connection_name, platform_name }
    : { type: MESSAGE_TYPE, state, ok: false, detail: outcome.detail, platform_name };
}

/** From the callback page: tells the window that started the flow. */
export function notifyOpener(result: OAuthResult): void {
  if (typeof BroadcastChannel !== 'undefined') {
    const channel = new BroadcastChannel(CHANNEL);
    channel.postMessage(result);
    channel.close();
  }
  try {
    window.opener?.postMessage(result, window.location.origin);
  } catch {
    // no opener, or it is on another origin now
  }
}

/** In the Integrations Hub: results from callback pages, each state's once. Returns the unsubscribe. */
export function listenForResults(onResult: (result: OAuthResult) => void): () => void {
  const seen = new Set<string>();
  const handle = (data: unknown) => {
    if (!isOAuthResult(data) || seen.has(data.state)) return;
    seen.add(data.state);
    onResult(data);
  };
  const onMessage = (event: MessageEvent) => {
    if (event.origin !== window.location.origin) return;
    handle(event.data);
  };
  window.addEventListener('message', onMessage);
  const channel = typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel(CHANNEL) : null;
  if (channel) channel.onmessage = (event: MessageEvent) => handle(event.data);
  return () => {
    window.removeEventListener('message', onMessage);
    channel?.close();
  };
}

/** Opened at once in the click's handler (later calls are blocked as popups), pointed at the provider once known. */
export function openAuthorizationWindow(): Window | null {
  const width = 520;
  const height = 700;
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - height) / 2));
  try {
    return window.open('', 'sixa-oauth', `popup,width=${width},height=${height},left=${left},top=${top}`);
  } catch {
    return null;
  }
}

/** The provider's answer `?error=` in words. */
export function providerErrorText(error: string, description: string | null, platformName: string): string {
  if (error === 'access_denied') return `Access to ${platformName} was denied.`;
  return description ? `${platformName} refused: ${description}` : `${platformName} refused: ${error}`;
}
