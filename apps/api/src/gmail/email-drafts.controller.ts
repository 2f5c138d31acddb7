import { ROUTES, type RouteResponse } from '@app/contracts';
import { ApiRoute } from '../common/api-route.decorator';
import { Body, Controller, HttpCode, Param, ParseUUIDPipe } from '@nestjs/common';
import { ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../admin/admin-only.decorator';
import { CreateEmailDraftsDto, CreateEmailDraftsResultDto } from './dto/email-drafts.dto';
import { EmailDraftsService } from './email-drafts.service';

@ApiTags('gmail')
@Controller()
export class EmailDraftsController {
  constructor(private readonly drafts: EmailDraftsService) {}

  @ApiRoute(ROUTES.createEmailDrafts)
  @HttpCode(200)
  @AdminOnly()
  @ApiOkResponse({ type: CreateEmailDraftsResultDto })
  @ApiNotFoundResponse({ description: 'Unknown credential or template' })
  @ApiConflictResponse({ description: "'Gmail is not configured', or the credential is not completed" })
  create(
    @Param('id', new ParseUUIDPipe()) id: string,
    @Body() body: CreateEmailDraftsDto,
  ): Promise<RouteResponse<typeof ROUTES.createEmailDrafts>> {
    return this.drafts.createForCredential(id, body.templateId);
  }
}
