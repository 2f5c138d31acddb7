import { Controller, Get } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiOperation, ApiProperty, ApiTags, getSchemaPath } from '@nestjs/swagger';
import {
  CHECKLIST_PHASE_KEYS,
  CHECKLIST_PHASE_STATUSES,
  type ChecklistPhase,
  type ChecklistStatus,
} from '@app/contracts';
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
@ApiExtraModels(ChecklistPhaseDto, ChecklistStatusDto)
@Controller('system')
export class ChecklistController {
  constructor(private readonly checklist: ChecklistService) {}

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
}
