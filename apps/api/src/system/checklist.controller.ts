import { Controller, Get, Logger } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiOperation, ApiProperty, ApiTags, getSchemaPath } from '@nestjs/swagger';
import {
  CHECKLIST_PHASE_KEYS,
  CHECKLIST_PHASE_STATUSES,
  type ChecklistPhase,
  type ChecklistStatus,
  type EvaluationPanels,
} from '@app/contracts';
import { GmailSetupStatusDto } from '../gmail/dto/gmail-setup-status.dto';
import { GmailConnectionService } from '../gmail/gmail-connection.service';
import { ChecklistService } from './checklist.service';

class ChecklistPhaseDto implements ChecklistPhase {
  @ApiProperty({
    enum: CHECKLIST_PHASE_STATUSES,
    description: 'completed: all items true; in_progress: some; pending: none',
  })
  status!: ChecklistPhase['status'];

  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'boolean' },
    description: 'Item name to whether it is really so now',
  })
  items!: Record<string, boolean>;
}

class ChecklistStatusDto {
  @ApiProperty({ description: 'Percentage of true items, 0-100' }) overall_completion!: number;
  @ApiProperty({
    description: 'Database, storage, queue, readers, an analyzer and a working template are all in place',
  })
  ready_for_production!: boolean;
  @ApiProperty({ type: [String], description: 'What to do, in plain words' }) next_steps!: string[];
  @ApiProperty({ type: [String] }) missing_components!: string[];
}

@ApiTags('system')
@ApiExtraModels(ChecklistPhaseDto, ChecklistStatusDto, GmailSetupStatusDto)
@Controller('system')
export class ChecklistController {
  private readonly logger = new Logger(ChecklistController.name);

  constructor(
    private readonly checklist: ChecklistService,
    private readonly gmail: GmailConnectionService,
  ) {}

  @Get('checklist-status')
  @ApiOperation({
    summary:
      'The system implementation checklist, probed from the live system; reused for up to CHECKLIST_CACHE_SECONDS (10 s) and refreshed in the background',
  })
  @ApiOkResponse({
    schema: {
      allOf: [
        { $ref: getSchemaPath(ChecklistStatusDto) },
        {
          type: 'object',
          properties: Object.fromEntries(
            CHECKLIST_PHASE_KEYS.map((key) => [key, { $ref: getSchemaPath(ChecklistPhaseDto) }]),
          ),
        },
      ],
    },
  })
  status(): Promise<ChecklistStatus> {
    return this.checklist.status();
  }

  @Get('evaluation-panels')
  @ApiOperation({
    summary:
      'The evaluation page’s system panels in one call: the checklist (as checklist-status, cached the same way) and the Gmail setup (as /api/gmail/setup-status); a part that fails is null',
  })
  @ApiOkResponse({
    schema: {
      type: 'object',
      properties: {
        checklist: { nullable: true, allOf: [{ $ref: getSchemaPath(ChecklistStatusDto) }] },
        gmail: { nullable: true, allOf: [{ $ref: getSchemaPath(GmailSetupStatusDto) }] },
      },
    },
  })
  async evaluationPanels(): Promise<EvaluationPanels> {
    const part = <T>(name: string, read: Promise<T>) =>
      read.catch((error: unknown) => {
        this.logger.warn(`The evaluation page's ${name} panel could not be read (${(error as Error)?.name})`);
        return null;
      });
    const [checklist, gmail] = await Promise.all([
      part('checklist', this.checklist.status()),
      part('Gmail', this.gmail.status()),
    ]);
    return { checklist, gmail };
  }
}
