/**
 * An OpenAI-compatible chat-completions endpoint (LLM_API_URL: the endpoint itself, or a base URL to
 * which `/chat/completions` is added), called with tools as JSON-schema functions. Anything but a
 * well-formed answer (a non-2xx status, a timeout, a body that is not the expected JSON) is an
 * LlmUnavailable: the caller falls back to the intent parser.
 */
export class LlmUnavailable extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'LlmUnavailable';
  }
}

export interface LlmToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export type LlmMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: LlmToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

export interface LlmFunction {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

export interface LlmSettings {
  url: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
  /** Settings › AI Configuration (0..2). */
  temperature: number;
}

export function completionsUrl(url: string): string {
  const trimmed = url.replace(/\/+$/, '');
  return /\/chat\/completions$/.test(trimmed) ? trimmed : `${trimmed}/chat/completions`;
}

/** One round: the model's next message (text, tool calls, or both). */
export async function complete(
  settings: LlmSettings,
  messages: LlmMessage[],
  tools: LlmFunction[],
): Promise<{ content: string | null; tool_calls: LlmToolCall[] }> {
  let res: Response;
  try {
    res = await fetch(completionsUrl(settings.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${settings.apiKey}` },
      body: JSON.stringify({
        model: settings.model,
        messages,
        tools,
        tool_choice: 'auto',
        temperature: settings.temperature,
      }),
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
  } catch (e) {
    throw new LlmUnavailable((e as Error)?.name === 'TimeoutError' ? 'timeout' : 'unreachable');
  }
  if (!res.ok) throw new LlmUnavailable(`status ${res.status}`);
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    throw new LlmUnavailable('answer is not JSON');
  }
  const message = (body as { choices?: Array<{ message?: unknown }> })?.choices?.[0]?.message as
    { content?: unknown; tool_calls?: unknown } | undefined;
  if (!message || typeof message !== 'object') throw new LlmUnavailable('answer has no message');
  const content = typeof message.content === 'string' ? message.content : null;
  const calls = Array.isArray(message.tool_calls) ? message.tool_calls : [];
  const tool_calls = calls.filter(
    (c): c is LlmToolCall =>
      !!c &&
      typeof c === 'object' &&
      typeof (c as LlmToolCall).id === 'string' &&
      typeof (c as LlmToolCall).function?.name === 'string',
  );
  if (!content?.trim() && !tool_calls.length) throw new LlmUnavailable('answer is empty');
  return { content, tool_calls };
}
