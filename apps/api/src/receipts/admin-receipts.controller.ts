import { ROUTES, type RouteResponse } from '@app/contracts';
import { Param, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiProduces } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { AdminController } from '../admin/admin-only.decorator';
import { ApiRoute } from '../common/api-route.decorator';
import { ReceiptIdParamDto } from './dto/receipt-id-param.dto';
import { ReceiptsService, toReceiptSummary } from './receipts.service';

@AdminController()
export class AdminReceiptsController {
  constructor(private readonly receipts: ReceiptsService) {}

  @ApiRoute(ROUTES.adminPaymentReceipts)
  @ApiOkResponse({ description: "The receipts and credit notes of the enrollment's payment (none for manual entries)" })
  async forEnrollment(@Param() params: ReceiptIdParamDto): Promise<RouteResponse<typeof ROUTES.adminPaymentReceipts>> {
    return (await this.receipts.forEnrollment(params.id)).map(toReceiptSummary);
  }

  @ApiRoute(ROUTES.adminReceiptPdf)
  @ApiProduces('application/pdf')
  @ApiOkResponse({ description: 'The PDF', schema: { type: 'string', format: 'binary' } })
  @ApiNotFoundResponse({ description: 'No such receipt' })
  async pdf(
    @Param() params: ReceiptIdParamDto,
    @Res({ passthrough: true }) response: FastifyReply,
  ): Promise<RouteResponse<typeof ROUTES.adminReceiptPdf>> {
    const pdf = await this.receipts.pdf(params.id);
    response.header('Content-Type', 'application/pdf');
    response.header('Content-Disposition', `attachment; filename="${pdf.fileName}"`);
    return Buffer.from(pdf.content);
  }
}
