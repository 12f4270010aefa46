import { type DynamicModule, Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { HealthRegistry } from '@sixa/observability';
import mongoose, { type Connection } from 'mongoose';
import { slowCommandMs, watchSlowCommands } from './slow-commands';
import { detectEngine, registerStore, StoreAdapter } from './store-adapter';

export const MONGO_CONNECTION = Symbol('MONGO_CONNECTION');
export const InjectConnection = () => Inject(MONGO_CONNECTION);

export interface MongoOptions {
  url: string;
  dbName: string;
}

/**
 * Opens one connection to the service's own database and tells the store adapter which engine it is
 * (MongoDB in production, FerretDB v1 by default locally). Commands slower than
 * MONGO_SLOW_COMMAND_MS (10 s) are logged, while they run and when they end.
 */
export async function connectMongo({ url, dbName }: MongoOptions): Promise<Connection> {
  const slowMs = slowCommandMs();
  const connection = mongoose.createConnection(url, {
    dbName,
    serverSelectionTimeoutMS: 10_000,
    // Field names are the API's; no automatic pluralisation of collection names.
    autoIndex: true,
    monitorCommands: slowMs > 0,
  });
  connection.set('strictQuery', true);
  const stopWatch = watchSlowCommands(connection.getClient(), dbName, slowMs);
  connection.once('close', stopWatch);
  await connection.asPromise();
  const engine = await detectEngine(connection.db!);
  registerStore(dbName, new StoreAdapter(engine));
  return connection;
}

@Global()
@Module({})
export class MongoModule implements OnApplicationShutdown {
  constructor(
    @InjectConnection() private readonly connection: Connection,
    health: HealthRegistry,
  ) {
    health.register('database', () => pingMongo(connection));
  }

  static forRoot(options: MongoOptions): DynamicModule {
    return {
      module: MongoModule,
      providers: [{ provide: MONGO_CONNECTION, useFactory: () => connectMongo(options) }],
      exports: [MONGO_CONNECTION],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.connection.close();
  }
}

/** Readiness: the database answers a ping. */
export async function pingMongo(connection: Connection): Promise<void> {
  const db = connection.db;
  if (!db) throw new Error('database not connected');
  await db.admin().command({ ping: 1 });
}
