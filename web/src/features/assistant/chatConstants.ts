/** Texts and identifiers of the assistant chat (spec: assistant chat widget, error catalogue). */
export const ASSISTANT_NAME = 'SIXA';

export const GREETING = "Hello! I'm SIXA, your AI assistant. How can I help you optimize your business today?";

export const CHAT_ERROR = 'I apologize, but I encountered an error. Please try again.';

export const QUICK_ACTIONS = [
  'Generate leads for tech companies',
  'Create a follow-up workflow',
  'Analyze team performance',
  'Schedule a meeting for tomorrow',
] as const;

export const INPUT_PLACEHOLDER = 'Ask SIXA anything...';

/** One chat session per page load, named from the time it started. */
export const CHAT_SESSION_ID = `session_${Date.now()}`;

/** The spec's fixed placeholder user for write calls. */
export const CHAT_USER_ID = 'current_user';

/** Where the header keeps the chat button on phones (an element with this id; see ChatWidget). */
export const CHAT_HEADER_SLOT_ID = 'sixa-chat-button-slot';
