import type { Page } from '@sixa/mongo';

export interface Reply {
  header(name: string, value: string): Reply;
}

/** A page as the lists answer it: the items, the total in X-Total-Count, the next page's `after` in X-Next-Cursor. */
export function sendPage<T>(reply: Reply, { items, total, next_cursor }: Page<T>): T[] {
  reply.header('x-total-count', String(total));
  if (next_cursor) reply.header('x-next-cursor', next_cursor);
  return items;
}
