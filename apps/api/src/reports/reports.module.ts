import { Module } from '@nestjs/common';
import { AdminReportsController } from './admin-reports.controller';
import { ReportsRepository } from './reports.repository';
import { ReportsService } from './reports.service';

/** The business overview (`/api/admin/reports`): reads only, writes no table. */
@Module({
  controllers: [AdminReportsController],
  providers: [ReportsRepository, ReportsService],
})
export class ReportsModule {}
