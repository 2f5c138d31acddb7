import { ROUTES, type RouteResponse } from '@app/contracts';
import { Controller, HttpCode, Param, Res } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiProduces,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { Viewer } from '../applicants/viewer';
import { CurrentViewer, OwnerOrStaff } from '../applicants/viewer.guard';
import { ApiRoute } from '../common/api-route.decorator';
import { AccountsService } from './accounts.service';
import { AccountIdParamDto } from './dto/account-id-param.dto';

/** The trainee's account, through the web server's applicant token; an applicant who never signed in gets 401. */
@ApiTags('account')
@OwnerOrStaff()
@ApiUnauthorizedResponse({ description: 'No applicant token, or an applicant who has not signed in by email link' })
@Controller()
export class AccountsController {
  constructor(private readonly accounts: AccountsService) {}

  @ApiRoute(ROUTES.account)
  @ApiOkResponse({ description: 'The account with its trainings' })
  overview(@CurrentViewer() viewer: Viewer): Promise<RouteResponse<typeof ROUTES.account>> {
    return this.accounts.overview(viewer);
  }

  @ApiRoute(ROUTES.accountReceipt)
  @ApiOkResponse({ description: 'The receipt' })
  @ApiNotFoundResponse({ description: "No such receipt, or another account's" })
  receipt(
    @Param() params: AccountIdParamDto,
    @CurrentViewer() viewer: Viewer,
  ): Promise<RouteResponse<typeof ROUTES.accountReceipt>> {
    return this.accounts.receipt(viewer, params.id);
  }

  @ApiRoute(ROUTES.accountReceiptPdf)
  @ApiProduces('application/pdf')
  @ApiOkResponse({ description: 'The PDF', schema: { type: 'string', format: 'binary' } })
  @ApiNotFoundResponse({ description: "No such receipt, or another account's" })
  async receiptPdf(
    @Param() params: AccountIdParamDto,
    @CurrentViewer() viewer: Viewer,
    @Res({ passthrough: true }) response: FastifyReply,
  ): Promise<RouteResponse<typeof ROUTES.accountReceiptPdf>> {
    const pdf = await this.accounts.receiptPdf(viewer, params.id);
    response.header('Content-Type', 'application/pdf');
    response.header('Content-Disposition', `attachment; filename="${pdf.fileName}"`);
    return Buffer.from(pdf.content);
  }

  @ApiRoute(ROUTES.accountUpdateCardLink)
  @HttpCode(200)
  @ApiOkResponse({ description: 'The path of the update-card page for this plan' })
  @ApiNotFoundResponse({ description: "No such enrollment, or another account's" })
  @ApiConflictResponse({ description: 'No plan still charging' })
  updateCardLink(
    @Param() params: AccountIdParamDto,
    @CurrentViewer() viewer: Viewer,
  ): Promise<RouteResponse<typeof ROUTES.accountUpdateCardLink>> {
    return this.accounts.updateCardLink(viewer, params.id);
  }

  @ApiRoute(ROUTES.accountCancelPlan)
  @HttpCode(200)
  @ApiOkResponse({ description: 'The plan is cancelled' })
  @ApiNotFoundResponse({ description: "No such enrollment, or another account's" })
  @ApiConflictResponse({ description: 'Not a plan with installments left, or already cancelled' })
  cancel(
    @Param() params: AccountIdParamDto,
    @CurrentViewer() viewer: Viewer,
  ): Promise<RouteResponse<typeof ROUTES.accountCancelPlan>> {
    return this.accounts.cancelPlan(viewer, params.id);
  }

  @ApiRoute(ROUTES.accountDataExport)
  @ApiOkResponse({ description: "The account's data as JSON" })
  dataExport(@CurrentViewer() viewer: Viewer): Promise<RouteResponse<typeof ROUTES.accountDataExport>> {
    return this.accounts.dataExport(viewer);
  }
}
