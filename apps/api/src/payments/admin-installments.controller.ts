import { ROUTES, type RouteResponse } from '@app/contracts';
import { ApiRoute } from '../common/api-route.decorator';
import { HttpCode } from '@nestjs/common';
import { ApiOkResponse } from '@nestjs/swagger';
import { AdminController } from '../admin/admin-only.decorator';
import { InstallmentRunResultDto } from './dto/installment-run.dto';
import { InstallmentsService } from './installments.service';

@AdminController()
export class AdminInstallmentsController {
  constructor(private readonly installments: InstallmentsService) {}

  @ApiRoute(ROUTES.adminRunInstallments)
  @HttpCode(200)
  @ApiOkResponse({ type: InstallmentRunResultDto })
  run(): Promise<RouteResponse<typeof ROUTES.adminRunInstallments>> {
    return this.installments.chargeDueInstallments(new Date());
  }
}
