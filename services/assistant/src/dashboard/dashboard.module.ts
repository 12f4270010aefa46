import { Module } from '@nestjs/common';

/** The dashboard: a read model kept from the domain events, and the figures and insights computed from it. */
@Module({})
export class DashboardModule {}
