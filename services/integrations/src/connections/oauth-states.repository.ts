import { Injectable } from '@nestjs/common';
import { CollectionRepository, InjectConnection } from '@sixa/mongo';
import type { Connection } from 'mongoose';
import type { Sealed } from '../secret-box';

/** One OAuth attempt: single use, bound to its user and redirect URI, with its PKCE verifier (sealed). */
export interface OAuthStateDoc {
  _id: string;
  platform_id: string;
  user_id: string;
  connection_name: string;
  redirect_uri: string;
  sync_frequency: number;
  verifier: Sealed;
  used_at: Date | null;
  expires_at: Date;
}

/** The OAuth attempts under way, each under its `state`; gone an hour after they expire. */
@Injectable()
export class OAuthStatesRepository extends CollectionRepository<OAuthStateDoc> {
  constructor(@InjectConnection() connection: Connection) {
    super(connection.collection<OAuthStateDoc>('oauth_states'), {
      expireAfter: { field: 'expires_at', seconds: 3600 },
    });
  }

  async add(state: OAuthStateDoc): Promise<void> {
    await this.insertNew(state);
  }

  /**
   * Marks the state used, if it is unused, unexpired, and `user`'s for `platform` (one conditional
   * update decides: a replay, another user or an expired state gets null).
   */
  use(state: string, user: string, platform: string, now = new Date()): Promise<OAuthStateDoc | null> {
    return this.findAndUpdateById(
      state,
      { $set: { used_at: now } },
      { used_at: null, user_id: user, platform_id: platform, expires_at: { $gt: now } },
    );
  }
}
