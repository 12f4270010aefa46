import type { Page } from '@sixa/mongo';

/** What a handler sets on the HTTP reply (Fastify's, through `@Res({ passthrough: true })`). */
export interface Reply {
  header(name: string, value: string): Reply;
}

/**
 * A page as every list answers it: the items as the body, the total matching the filters in
 * X-Total-Count and, when there is more, the next page's `after` in X-Next-Cursor.
 */
export function sendPage<T>(reply: Reply, { items, total, next_cursor }: Page<T>): T[] {
  reply.header('x-total-count', String(total));
  if (next_cursor) reply.header('x-next-cursor', next_cursor);
  return items;
}
