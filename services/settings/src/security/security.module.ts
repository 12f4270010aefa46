import { Module } from '@nestjs/common';
import { SecurityController } from './security.controller';
import { SecurityPolicyRepository } from './security-policy.repository';
import { SecurityService } from './security.service';

@Module({
  controllers: [SecurityController],
  providers: [SecurityPolicyRepository, SecurityService],
})
export class SecurityModule {}
