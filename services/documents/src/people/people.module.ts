import { Module } from '@nestjs/common';
import { PeopleConsumer } from './people.consumer';
import { PeopleRepository } from './people.repository';

/** Names for the user ids documents keep, from auth's events (no call to auth). */
@Module({
  providers: [PeopleRepository, PeopleConsumer],
  exports: [PeopleRepository],
})
export class PeopleModule {}
