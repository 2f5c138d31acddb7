import { Param, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiProduces } from '@nestjs/swagger';
import { ROUTES, type RouteResponse } from '@app/contracts';
import type { FastifyReply } from 'fastify';
import { AdminController } from '../admin/admin-only.decorator';
import { ApiRoute } from '../common/api-route.decorator';
import { ReportNameParamDto } from './dto/report-name-param.dto';
import { ReportsService } from './reports.service';

@AdminController()
export class AdminReportsController {
  constructor(private readonly reports: ReportsService) {}

  @ApiRoute(ROUTES.adminBusinessOverview)
  @ApiOkResponse({ description: 'Every report of the business overview (integer cents, UTC months)' })
  overview(): Promise<RouteResponse<typeof ROUTES.adminBusinessOverview>> {
    return this.reports.overview();
  }

  @ApiRoute(ROUTES.adminBusinessReportCsv)
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'The CSV file', schema: { type: 'string' } })
  @ApiNotFoundResponse({ description: 'No such report' })
  async csv(
    @Param() params: ReportNameParamDto,
    @Res({ passthrough: true }) response: FastifyReply,
  ): Promise<RouteResponse<typeof ROUTES.adminBusinessReportCsv>> {
    const content = await this.reports.csv(params.report);
    response.header('Content-Type', 'text/csv; charset=utf-8');
    response.header('Content-Disposition', `attachment; filename="${params.report}.csv"`);
    return content;
  }
}
