import { Module } from '@nestjs/common';
import { GmailModule } from '../gmail/gmail.module';
import { ChecklistController } from './checklist.controller';
import { ChecklistRepository } from './checklist.repository';
import { ChecklistService } from './checklist.service';
import { HealthController } from './health.controller';
import { HealthService } from './health.service';
import { OpenAiKeyCheck } from './openai-key-check';
import { WebPolicyController } from './web-policy.controller';

@Module({
  imports: [GmailModule],
  controllers: [HealthController, ChecklistController, WebPolicyController],
  providers: [HealthService, ChecklistRepository, ChecklistService, OpenAiKeyCheck],
  exports: [HealthService],
})
export class SystemModule {}
