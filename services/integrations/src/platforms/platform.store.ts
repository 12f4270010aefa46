import type { PlatformAuthType, PlatformType, SyncDataType } from '@sixa/contracts';
import type { Sealed } from '../secret-box';

/** A platform: what the hub shows, and how to reach its provider (the client secret sealed). */
export interface PlatformDoc {
  _id: string;
  name: string;
  type: PlatformType;
  description: string;
  supported_features: string[];
  auth_type: PlatformAuthType;
  rate_limits: Record<string, string | number>;
  website_url: string;
  data_types: SyncDataType[];
  is_sample: boolean;
  api_base_url: string;
  authorize_url: string | null;
  token_url: string | null;
  revoke_url: string | null;
  client_id: string | null;
  client_secret: Sealed | null;
  scopes: string;
  created_at: Date;
}
