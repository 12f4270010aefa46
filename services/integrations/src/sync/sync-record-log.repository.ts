import { Injectable } from '@nestjs/common';
import type { SyncRecordLog } from '@sixa/contracts';
import { CollectionRepository, InjectConnection } from '@sixa/mongo';
import { Types, type Connection } from 'mongoose';
import type { RecordLogDoc } from './sync-job.schema';

/** The records sync jobs could not bring in, with why (a log per job). */
@Injectable()
export class SyncRecordLogRepository extends CollectionRepository<RecordLogDoc> {
  constructor(@InjectConnection() connection: Connection) {
    super(connection.collection<RecordLogDoc>('sync_record_log'), {
      indexes: [
        // forJob(): a job's records in the order logged.
        { job_id: 1, created_at: 1 },
      ],
    });
  }

  async failed(jobId: string, failures: Array<{ external_id: string; detail: string }>): Promise<void> {
    await this.insertAll(
      failures.map((f) => ({
        _id: new Types.ObjectId(),
        job_id: jobId,
        external_id: f.external_id,
        outcome: 'failed' as const,
        detail: f.detail,
        created_at: new Date(),
      })),
    );
  }

  /** The job's first `limit` records logged, in order. */
  async forJob(jobId: string, limit = 1000): Promise<SyncRecordLog[]> {
    const rows = await this.findMatching({ job_id: jobId }, { sort: { created_at: 1 }, limit });
    return rows.map((r) => ({ external_id: r.external_id, outcome: r.outcome, detail: r.detail }));
  }
}
