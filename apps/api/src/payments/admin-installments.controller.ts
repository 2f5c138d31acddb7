import { ROUTES, type RouteResponse } from '@app/contracts';
import { ApiRoute } from '../common/api-route.decorator';
import { Controller, HttpCode } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../admin/admin-only.decorator';
import { InstallmentRunResultDto } from './dto/installment-run.dto';
import { InstallmentsService } from './installments.service';

@ApiTags('admin')
@AdminOnly()
@Controller()
export class AdminInstallmentsController {
  constructor(private readonly installments: InstallmentsService) {}

  @ApiRoute(ROUTES.adminRunInstallments)
  @HttpCode(200)
  @ApiOkResponse({ type: InstallmentRunResultDto })
  run(): Promise<RouteResponse<typeof ROUTES.adminRunInstallments>> {
    return this.installments.chargeDueInstallments(new Date());
  }
}
