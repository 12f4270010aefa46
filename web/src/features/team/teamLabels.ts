import type { GlobalToken } from 'antd';
import { readableOn } from '../../theme/contrast';

/** 'Ada Lovelace' -> 'AL', 'grace' -> 'G': the first letters of the first and last words. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = Array.from(words[0])[0] ?? '';
  const last = words.length > 1 ? (Array.from(words[words.length - 1])[0] ?? '') : '';
  return (first + last).toUpperCase();
}

/**
 * Colours an initials avatar can take: deep shades of antd's preset palettes (tokens that follow the
 * theme), dark enough for the light text on them.
 */
const AVATAR_PALETTE = ['blue7', 'purple7', 'cyan8', 'green8', 'magenta7', 'volcano7', 'geekblue7'] as const;

/**
 * The same name always gets the same colour, in a shade the light initials read on (4.5:1) in either
 * theme: dark mode's palettes are lighter, so the shade is taken darker there.
 */
export function avatarColor(name: string, token: GlobalToken): string {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return readableOn(token[AVATAR_PALETTE[hash % AVATAR_PALETTE.length]], [token.colorTextLightSolid]);
}

/** Completed over assigned, rounded percent; 0 with nothing assigned (as the task completion rate). */
export function completionPercent(assigned: number, completed: number): number {
  return assigned > 0 ? Math.round((completed / assigned) * 100) : 0;
}

export const REMOVE_MEMBER_CONFIRMATION =
  'Their tasks keep the name they were assigned to. This action cannot be undone.';
