import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { AdminTrainingSettingsController } from './admin-training-settings.controller';
import { TrainingSettingsService } from './training-settings.service';
import { TrainingsController } from './trainings.controller';
import { TrainingsRepository } from './trainings.repository';
import { TrainingsService } from './trainings.service';

@Module({
  imports: [AuditModule],
  controllers: [TrainingsController, AdminTrainingSettingsController],
  providers: [TrainingsRepository, TrainingsService, TrainingSettingsService],
  exports: [TrainingsService, TrainingsRepository],
})
export class TrainingsModule {}
