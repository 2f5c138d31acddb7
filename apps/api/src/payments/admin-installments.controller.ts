import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../admin/admin-only.decorator';
import { InstallmentRunResultDto } from './dto/installment-run.dto';
import { InstallmentsService } from './installments.service';

@ApiTags('admin')
@AdminOnly()
@Controller('admin/installments')
export class AdminInstallmentsController {
  constructor(private readonly installments: InstallmentsService) {}

  @Post('run')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Runs the hourly installment job now: charges every installment that is due, with the same claims and keys',
  })
  @ApiOkResponse({ type: InstallmentRunResultDto })
  run(): Promise<InstallmentRunResultDto> {
    return this.installments.chargeDueInstallments(new Date());
  }
}
