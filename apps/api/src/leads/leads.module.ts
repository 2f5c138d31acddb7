import { Module } from '@nestjs/common';
import { AdminModule } from '../admin/admin.module';
import { GmailModule } from '../gmail/gmail.module';
import { LeadsController } from './leads.controller';
import { LeadsRepository } from './leads.repository';
import { LeadsService } from './leads.service';

@Module({
  imports: [AdminModule, GmailModule],
  controllers: [LeadsController],
  providers: [LeadsRepository, LeadsService],
})
export class LeadsModule {}
