import { Injectable } from '@nestjs/common';
import type { AuthUser } from '@sixa/auth';
import type { CreatePlatformDto, IntegrationPlatform, SyncDataType } from '@sixa/contracts';
import { IntegrationsConfigRef } from '../config.provider';
import { IntegrationsError, IntegrationsErrorCode } from '../integrations.errors';
import type { ProviderEndpoints } from '../provider';
import type { PlatformDoc } from './platform.store';
import { PlatformsRepository, toPlatform } from './platforms.repository';

const ALL_TYPES: SyncDataType[] = ['contacts', 'accounts', 'opportunities', 'tasks', 'events'];

/** Platforms: the samples (demo mode, pointing at the sandbox provider) and those an admin configures. */
@Injectable()
export class PlatformsService {
  constructor(
    private readonly platforms: PlatformsRepository,
    private readonly config: IntegrationsConfigRef,
  ) {}

  list(): Promise<IntegrationPlatform[]> {
    return this.platforms.list();
  }

  async doc(id: string): Promise<PlatformDoc> {
    const d = await this.platforms.byId(id);
    if (!d) throw new IntegrationsError(IntegrationsErrorCode.PlatformNotFound, `No platform ${id}`);
    return d;
  }

  /** How to reach the platform's provider, its client secret opened. */
  endpoints(d: PlatformDoc): ProviderEndpoints {
    return {
      api_base_url: d.api_base_url,
      authorize_url: d.authorize_url,
      token_url: d.token_url,
      revoke_url: d.revoke_url,
      client_id: d.client_id,
      client_secret: d.client_secret ? this.config.box.open(d.client_secret, `platform:${d._id}:client_secret`) : null,
      scopes: d.scopes,
    };
  }

  async create(dto: CreatePlatformDto): Promise<IntegrationPlatform> {
    if (dto.auth_type === 'oauth2' && (!dto.authorize_url || !dto.token_url || !dto.client_id || !dto.client_secret))
      throw new IntegrationsError(
        IntegrationsErrorCode.InvalidPlatform,
        'An oauth2 platform needs authorize_url, token_url, client_id and client_secret',
      );
    const id =
      dto.name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '')
        .slice(0, 60) || 'platform';
    const doc: PlatformDoc = {
      _id: id,
      name: dto.name.trim(),
      type: dto.type,
      description: dto.description ?? '',
      supported_features: [],
      auth_type: dto.auth_type,
      rate_limits: {},
      website_url: dto.website_url ?? '',
      data_types: ALL_TYPES,
      is_sample: false,
      api_base_url: dto.api_base_url,
      authorize_url: dto.authorize_url ?? null,
      token_url: dto.token_url ?? null,
      revoke_url: dto.revoke_url ?? null,
      client_id: dto.client_id ?? null,
      client_secret: dto.client_secret ? this.config.box.seal(dto.client_secret, `platform:${id}:client_secret`) : null,
      scopes: dto.scopes ?? '',
      created_at: new Date(),
    };
    if (!(await this.platforms.add(doc)))
      throw new IntegrationsError(IntegrationsErrorCode.PlatformExists, `A platform named ${dto.name} exists`);
    return toPlatform(doc);
  }

  /** POST /integrations/initialize-sample-data (demo mode): the sandbox's platforms, each made once. */
  async seed(_actor: AuthUser): Promise<{ created: number; platforms: IntegrationPlatform[] }> {
    const sandbox = this.config.value.sandboxUrl;
    if (!this.config.value.demoMode || !sandbox)
      throw new IntegrationsError(
        IntegrationsErrorCode.SamplePlatformsDemoOnly,
        'Sample platforms exist in demo mode with a sandbox provider (SANDBOX_PROVIDER_URL)',
      );
    const c = this.config.value;
    const publicUrl = c.sandboxPublicUrl ?? sandbox;
    const oauth = (id: string) => ({
      api_base_url: `${sandbox}/api/v1`,
      authorize_url: `${publicUrl}/oauth/authorize`,
      token_url: `${sandbox}/oauth/token`,
      revoke_url: `${sandbox}/oauth/revoke`,
      client_id: c.sandboxClientId,
      client_secret: this.config.box.seal(c.sandboxClientSecret, `platform:${id}:client_secret`),
      scopes: 'contacts accounts opportunities tasks events',
    });
    const samples: PlatformDoc[] = [
      {
        _id: 'sandbox-crm',
        name: 'Sandbox CRM',
        type: 'crm',
        description:
          "The bundled sandbox provider's CRM: contacts become leads. Connect through its consent page (OAuth 2.0 with PKCE).",
        supported_features: ['Contacts → leads', 'Accounts', 'Opportunities', 'Tasks', 'Events', 'Incremental sync'],
        auth_type: 'oauth2',
        rate_limits: { requests_per_minute: 6000, page_size: 500 },
        website_url: publicUrl,
        data_types: ALL_TYPES,
        is_sample: true,
        ...oauth('sandbox-crm'),
        created_at: new Date(),
      },
      {
        _id: 'sandbox-marketing',
        name: 'Sandbox Marketing',
        type: 'marketing',
        description: `The sandbox provider's marketing contacts, connected with an API key (the demo key is ${c.sandboxApiKeyHint}).`,
        supported_features: ['Contacts → leads', 'Incremental sync', 'API key'],
        auth_type: 'api_key',
        rate_limits: { requests_per_minute: 6000 },
        website_url: publicUrl,
        data_types: ['contacts'],
        is_sample: true,
        api_base_url: `${sandbox}/api/v1`,
        authorize_url: null,
        token_url: null,
        revoke_url: null,
        client_id: null,
        client_secret: null,
        scopes: '',
        created_at: new Date(),
      },
    ];
    let created = 0;
    for (const p of samples) if (await this.platforms.add(p)) created++;
    return { created, platforms: await this.list() };
  }
}
