import { Controller, Logger } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiProperty, ApiTags, getSchemaPath } from '@nestjs/swagger';
import {
  CHECKLIST_PHASE_KEYS,
  CHECKLIST_PHASE_STATUSES,
  ROUTES,
  type ChecklistPhase,
  type RouteResponse,
} from '@app/contracts';
import { ApiRoute } from '../common/api-route.decorator';
import { GmailSetupStatusDto } from '../gmail/dto/gmail-setup-status.dto';
import { GmailConnectionService } from '../gmail/gmail-connection.service';
import { ChecklistService } from './checklist.service';
import { nullableRef } from '../common/api-nullable.decorator';

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
@Controller()
export class ChecklistController {
  private readonly logger = new Logger(ChecklistController.name);

  constructor(
    private readonly checklist: ChecklistService,
    private readonly gmail: GmailConnectionService,
  ) {}

  @ApiRoute(ROUTES.checklistStatus)
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
  status(): Promise<RouteResponse<typeof ROUTES.checklistStatus>> {
    return this.checklist.status();
  }

  @ApiRoute(ROUTES.evaluationPanels)
  @ApiOkResponse({
    schema: {
      type: 'object',
      properties: {
        checklist: nullableRef(ChecklistStatusDto),
        gmail: nullableRef(GmailSetupStatusDto),
      },
    },
  })
  async evaluationPanels(): Promise<RouteResponse<typeof ROUTES.evaluationPanels>> {
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
