import { ROUTES, type RouteResponse } from '@app/contracts';
import { ApiRoute } from '../common/api-route.decorator';
import { Query } from '@nestjs/common';
import { ApiOkResponse } from '@nestjs/swagger';
import { AuditService } from '../audit/audit.service';
import { AdminController } from './admin-only.decorator';
import { AuditQueryDto } from './dto/audit-query.dto';

/** The admin area's audit page; the trail itself is written and read by the audit feature. */
@AdminController()
export class AdminAuditController {
  constructor(private readonly audit: AuditService) {}

  @ApiRoute(ROUTES.adminAuditEvents)
  @ApiOkResponse({ description: 'A page of audit events' })
  list(@Query() query: AuditQueryDto): Promise<RouteResponse<typeof ROUTES.adminAuditEvents>> {
    return this.audit.list(query);
  }
}
