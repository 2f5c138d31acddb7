import { Body, Controller, HttpCode, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import { ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../admin/admin-only.decorator';
import { CreateEmailDraftsDto, CreateEmailDraftsResultDto } from './dto/email-drafts.dto';
import { EmailDraftsService } from './email-drafts.service';

@ApiTags('gmail')
@Controller('credentials')
export class EmailDraftsController {
  constructor(private readonly drafts: EmailDraftsService) {}

  @Post(':id/email-drafts')
  @HttpCode(200)
  @AdminOnly()
  @ApiOperation({ summary: 'One Gmail draft per lead contact with an email; contacts already drafted are skipped' })
  @ApiOkResponse({ type: CreateEmailDraftsResultDto })
  @ApiNotFoundResponse({ description: 'Unknown credential or template' })
  @ApiConflictResponse({ description: "'Gmail is not configured', or the credential is not completed" })
  create(
    @Param('id', new ParseUUIDPipe()) id: string,
    @Body() body: CreateEmailDraftsDto,
  ): Promise<CreateEmailDraftsResultDto> {
    return this.drafts.createForCredential(id, body.templateId);
  }
}
