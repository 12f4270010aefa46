import { Injectable } from '@nestjs/common';
import type { IntegrationPlatform } from '@sixa/contracts';
import { CollectionRepository, InjectConnection } from '@sixa/mongo';
import type { Connection } from 'mongoose';
import type { PlatformDoc } from './platform.store';

export function toPlatform(d: PlatformDoc): IntegrationPlatform {
  return {
    id: d._id,
    name: d.name,
    type: d.type,
    description: d.description,
    supported_features: d.supported_features,
    auth_type: d.auth_type,
    rate_limits: d.rate_limits,
    website_url: d.website_url,
    data_types: d.data_types,
    is_sample: d.is_sample,
  };
}

/** The platforms, each under its id (a slug of its name, or a sample's fixed id). */
@Injectable()
export class PlatformsRepository extends CollectionRepository<PlatformDoc> {
  constructor(@InjectConnection() connection: Connection) {
    super(connection.collection<PlatformDoc>('platforms'), {
      indexes: [
        // list(): by name.
        { name: 1 },
      ],
    });
  }

  /** The samples first, then by name. */
  async list(): Promise<IntegrationPlatform[]> {
    return (await this.findMatching({}, { sort: { is_sample: -1, name: 1 } })).map(toPlatform);
  }

  /** The platform as stored (its sealed client secret too). */
  byId(id: string): Promise<PlatformDoc | null> {
    return this.findById(id);
  }

  /** Adds the platform unless one has its id: false then, and nothing is written. */
  add(doc: PlatformDoc): Promise<boolean> {
    return this.insertOnce(doc);
  }
}
