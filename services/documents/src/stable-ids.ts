import { createHash } from 'node:crypto';
import { Types } from 'mongoose';

/**
 * The id of the one document a natural key names (a sample item, a category's name): two writers
 * racing to make it collide on `_id`, which every engine keeps unique (unlike a secondary unique index,
 * which the local engine does not enforce), so the loser reads the winner's.
 */
export function stableId(namespace: string, key: string): Types.ObjectId {
  return new Types.ObjectId(createHash('sha256').update(`${namespace}:${key}`).digest('hex').slice(0, 24));
}
