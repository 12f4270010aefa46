import type { BeforeApplicationShutdown, OnApplicationBootstrap } from '@nestjs/common';
import type { Connection } from 'mongoose';
import { SingletonJob, type SingletonJobOptions } from './lease';
import { InjectConnection } from './mongo.module';

/**
 * A provider that runs periodic work in one replica at a time (a SingletonJob's lease) for as long as
 * the app is up: a subclass states the job's name and interval (`super(name, options)`) and `work()`,
 * one turn. The job starts once the app is up and stops, handing the lease back, before the database
 * connection closes (that happens in onApplicationShutdown). A subclass that starts more with the app
 * (a consumer) calls `super.onApplicationBootstrap()`.
 */
export abstract class SingletonTimer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  @InjectConnection() private readonly connection!: Connection;
  private job: SingletonJob | null = null;

  protected constructor(
    private readonly jobName: string,
    private readonly jobOptions: SingletonJobOptions,
  ) {}

  /** One turn, in the process that holds the lease. */
  protected abstract work(): Promise<void>;

  onApplicationBootstrap(): void {
    this.job = new SingletonJob(this.connection, this.jobName, () => this.work(), this.jobOptions);
    this.job.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.job?.stop();
  }
}
