import { ROUTES, type RouteResponse } from '@app/contracts';
import { ApiRoute } from '../common/api-route.decorator';
import { Header, HttpCode, Res } from '@nestjs/common';
import { ApiConflictResponse, ApiOkResponse, ApiProduces } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { AdminController } from '../admin/admin-only.decorator';
import { LeadDto, SheetsSyncResultDto } from './dto/lead.dto';
import { LeadsService } from './leads.service';

/** Lead contacts are personal data, so every route is for admins only. */
@AdminController('leads')
export class LeadsController {
  constructor(private readonly leads: LeadsService) {}

  @ApiRoute(ROUTES.leads)
  @ApiOkResponse({ type: [LeadDto] })
  list(): Promise<RouteResponse<typeof ROUTES.leads>> {
    return this.leads.list();
  }

  @ApiRoute(ROUTES.leadsCsv)
  @Header('content-type', 'text/csv; charset=utf-8')
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'leads_YYYY-MM-DD.csv', schema: { type: 'string' } })
  async exportCsv(@Res({ passthrough: true }) response: FastifyReply): Promise<RouteResponse<typeof ROUTES.leadsCsv>> {
    const { fileName, csv } = await this.leads.exportCsv();
    response.header('content-disposition', `attachment; filename="${fileName}"`);
    return csv;
  }

  @ApiRoute(ROUTES.leadsSheetsSync)
  @HttpCode(200)
  @ApiOkResponse({ type: SheetsSyncResultDto })
  @ApiConflictResponse({ description: 'Sheets not configured, Gmail not connected, or Sheets access not granted' })
  syncToSheets(): Promise<RouteResponse<typeof ROUTES.leadsSheetsSync>> {
    return this.leads.syncToSheets();
  }
}
