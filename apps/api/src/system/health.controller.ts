import { ROUTES, type RouteResponse } from '@app/contracts';
import { ApiRoute } from '../common/api-route.decorator';
import { Controller, Res } from '@nestjs/common';
import { ApiOkResponse, ApiProperty, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { OUTAGE_RETRY_AFTER_SECONDS } from '../common/outage';
import { HealthReport, HealthService } from './health.service';

class HealthResponseDto implements HealthReport {
  @ApiProperty({ enum: ['ok', 'degraded'] }) status!: HealthReport['status'];
  @ApiProperty({ enum: ['up', 'down'] }) database!: HealthReport['database'];
  @ApiProperty({ enum: ['up', 'down'] }) queue!: HealthReport['queue'];
  @ApiProperty({ enum: ['up', 'down'] }) storage!: HealthReport['storage'];
  @ApiProperty({ enum: ['redis', 'in-process'] }) queueMode!: HealthReport['queueMode'];
}

@ApiTags('system')
@Controller()
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @ApiRoute(ROUTES.health)
  @ApiOkResponse({ type: HealthResponseDto, description: 'Every service is up' })
  @ApiServiceUnavailableResponse({ type: HealthResponseDto, description: 'At least one service is down' })
  async check(@Res({ passthrough: true }) response: FastifyReply): Promise<RouteResponse<typeof ROUTES.health>> {
    const report = await this.health.report();
    response.code(report.status === 'ok' ? 200 : 503);
    if (report.status !== 'ok') response.header('Retry-After', String(OUTAGE_RETRY_AFTER_SECONDS));
    return report;
  }
}
