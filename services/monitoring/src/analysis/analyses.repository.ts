import { Injectable } from '@nestjs/common';
import type { AnalysisResponse, StructuredAnalysis } from '@sixa/contracts';
import { CollectionRepository, InjectConnection } from '@sixa/mongo';
import { ObjectId } from 'mongodb';
import type { Connection } from 'mongoose';

interface AnalysisDoc {
  _id: ObjectId;
  timestamp: Date;
  hours: number;
  ai_analysis: StructuredAnalysis;
}

/** The analyses made (POST /monitoring/analyze), a log kept for later reading. */
@Injectable()
export class AnalysesRepository extends CollectionRepository<AnalysisDoc> {
  constructor(@InjectConnection() connection: Connection) {
    super(connection.collection<AnalysisDoc>('analyses'), {
      indexes: [
        // latest(): the newest first.
        { timestamp: -1 },
      ],
    });
  }

  async record(timestamp: Date, hours: number, analysis: StructuredAnalysis): Promise<void> {
    await this.insertNew({ _id: new ObjectId(), timestamp, hours, ai_analysis: analysis });
  }

  /** The most recent analysis, or null. */
  async latest(): Promise<AnalysisResponse | null> {
    const [doc] = await this.findMatching({}, { sort: { timestamp: -1 }, limit: 1 });
    return doc ? { timestamp: doc.timestamp.toISOString(), ai_analysis: doc.ai_analysis } : null;
  }
}
