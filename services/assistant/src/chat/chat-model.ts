import type { AiSettings, AiTone, AssistantTool, ChatLink } from '@sixa/contracts';
import { formatInZone } from './chat-dates';
import type { StoredChatMessage } from './chat-session.schema';
import { complete, LlmUnavailable, type LlmMessage, type LlmSettings } from './llm-client';
import type { ToolContext, ToolOutcome } from './tools/tool-context';
import { CAPABILITIES, LLM_FUNCTIONS, READ_TOOLS, runTool } from './tools/tool-catalogue';

/** Rounds of tool calls a model may make for one message. */
const MAX_ROUNDS = 4;
/** Earlier messages of the session sent along as context. */
const HISTORY_SENT = 20;

/** How the answers sound (Settings › AI Configuration › tone). */
const TONES: Record<AiTone, string> = {
  professional: 'Answer briefly, in plain sentences, in a professional tone.',
  friendly: 'Answer in a warm, friendly tone, in plain sentences.',
  concise: 'Answer as briefly as possible: one or two short sentences, no pleasantries.',
};

/** Whether Settings › AI Configuration lets the assistant use `tool` (null: every tool). */
export const toolEnabled = (ai: AiSettings, tool: string): boolean =>
  ai.tools.enabled_tools === null || ai.tools.enabled_tools.includes(tool);

export const toolDisabledText = (tool: string) =>
  `That needs the ${tool.replace(/_/g, ' ')} tool, which is turned off in Settings › AI Configuration.`;

function systemPrompt(ctx: ToolContext, ai: AiSettings): string {
  return [
    "You are SIXA, the AI assistant of a company's business workspace.",
    CAPABILITIES,
    `The signed-in user is ${ctx.user.name || 'a user'} (role: ${ctx.user.role}). Their time zone is ${ctx.zone}; ` +
      `it is now ${formatInZone(ctx.now, ctx.zone)} there.`,
    'Use the tools for anything about the workspace; never invent leads, people or figures.',
    'Tools that change data only propose the change: the user confirms it with Yes / No.',
    'If a tool says the user is not allowed, tell them so plainly.',
    TONES[ai.tone.tone] ?? TONES.professional,
  ].join('\n');
}

/**
 * The model's answer, with the same tools as the parser: read tools run at once and their results
 * go back to the model; a tool that changes data ends the turn with its proposal (confirmed by the
 * user, never by the model). Throws LlmUnavailable when the model fails: the caller falls back.
 */
export async function answerWithModel(
  settings: LlmSettings,
  ctx: ToolContext,
  history: StoredChatMessage[],
  message: string,
  ai: AiSettings,
): Promise<ToolOutcome> {
  const functions = LLM_FUNCTIONS.filter((f) => toolEnabled(ai, f.function.name));
  const messages: LlmMessage[] = [
    { role: 'system', content: systemPrompt(ctx, ai) },
    ...history
      .slice(-HISTORY_SENT)
      .map((m): LlmMessage =>
        m.type === 'user' ? { role: 'user', content: m.content } : { role: 'assistant', content: m.content },
      ),
    { role: 'user', content: message },
  ];
  const links: ChatLink[] = [];
  // A read tool may also offer a change (follow-up tasks for the ranked leads): kept for the final answer.
  let offer: ToolOutcome['proposal'];
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const reply = await complete(settings, messages, functions);
    if (!reply.tool_calls.length) return { text: reply.content!.trim(), links: dedupe(links), proposal: offer };
    messages.push({ role: 'assistant', content: reply.content, tool_calls: reply.tool_calls });
    for (const call of reply.tool_calls) {
      let args: Record<string, unknown>;
      try {
        const parsed: unknown = JSON.parse(call.function.arguments || '{}');
        args = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
      } catch {
        throw new LlmUnavailable(`arguments of ${call.function.name} are not JSON`);
      }
      const outcome = toolEnabled(ai, call.function.name)
        ? await runTool(call.function.name, args, ctx)
        : { text: toolDisabledText(call.function.name as AssistantTool) };
      if (!READ_TOOLS.has(call.function.name as never)) {
        // A change (or a question about one): the user answers it, not the model.
        return { ...outcome, links: dedupe([...links, ...(outcome.links ?? [])]) };
      }
      links.push(...(outcome.links ?? []));
      if (outcome.proposal) offer = outcome.proposal;
      messages.push({
        role: 'tool',
        tool_call_id: call.id,
        content: JSON.stringify({
          summary: outcome.text,
          data: outcome.data ?? null,
          ...(outcome.proposal ? { offered_to_user: `${outcome.proposal.summary} (the user answers Yes / No)` } : {}),
        }),
      });
    }
  }
  throw new LlmUnavailable('too many tool rounds');
}

function dedupe(links: ChatLink[]): ChatLink[] {
  const seen = new Set<string>();
  return links.filter((l) => (seen.has(l.href) ? false : (seen.add(l.href), true)));
}
