import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuditPage } from '@app/contracts';
import { AdminOnly } from '../admin/admin-only.decorator';
import { AuditService } from './audit.service';
import { AuditQueryDto } from './dto/audit-query.dto';

@ApiTags('admin')
@AdminOnly()
@Controller('admin/audit-events')
export class AdminAuditController {
  constructor(private readonly audit: AuditService) {}

  @Get()
  @ApiOperation({ summary: 'Admin actions, newest first, 50 a page, with who, when and what changed' })
  @ApiOkResponse({ description: 'A page of audit events' })
  list(@Query() query: AuditQueryDto): Promise<AuditPage> {
    return this.audit.list(query);
  }
}
