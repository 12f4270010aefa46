import type { ChatLink } from '@sixa/contracts';
import type { ApiCall } from '../chat-session.schema';
import type { WorkspaceApi } from '../workspace-api';

/** What was made, said in a sentence with a link to it. */
export interface Made {
  text: string;
  link: ChatLink;
}

/**
 * A kind of record a confirmed change creates, by the path it is posted to: the API's answer is read
 * as `T` (the record the domain's route returns) and said back to the user.
 */
export interface CreatedKind<T> {
  prefix: string;
  /** What the change was for, in an apology when it fails ("could not create the task"). */
  what: string;
  describe(created: T, id: string, zone: string): Made;
}

/** Posts a call of this kind and says what it made. */
async function make<T extends { id?: string }>(
  kind: CreatedKind<T>,
  api: WorkspaceApi,
  call: ApiCall,
  body: Record<string, unknown>,
  zone: string,
): Promise<Made> {
  const { body: created } = await api.send<T>(call.method, call.path, body);
  return kind.describe(created, encodeURIComponent(String(created?.id ?? '')), zone);
}

/** The one kind a call's path belongs to, with its record type kept: a `make` bound to it. */
export interface Maker {
  what: string;
  make(api: WorkspaceApi, call: ApiCall, body: Record<string, unknown>, zone: string): Promise<Made>;
}

export const maker = <T extends { id?: string }>(kind: CreatedKind<T>): Maker & { prefix: string } => ({
  prefix: kind.prefix,
  what: kind.what,
  make: (api, call, body, zone) => make(kind, api, call, body, zone),
});
