import { Body, Controller, Get, Param, Post, Query } from '@nestjs/common';
import { ApiConflictResponse, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CohortIdParamDto } from './dto/cohort-id-param.dto';
import { JoinWaitlistDto } from './dto/cohort-seats.dto';
import { CohortsService } from './cohorts.service';
import { CohortResponseDto } from './dto/cohort-response.dto';
import { ListCohortsQueryDto } from './dto/list-cohorts-query.dto';

@ApiTags('cohorts')
@Controller('cohorts')
export class CohortsController {
  constructor(private readonly cohorts: CohortsService) {}

  @Get()
  @ApiOperation({ summary: 'All cohorts, or the cohorts of one training with ?trainingName=' })
  @ApiOkResponse({ type: [CohortResponseDto] })
  list(@Query() query: ListCohortsQueryDto): Promise<CohortResponseDto[]> {
    return this.cohorts.list(query.trainingName);
  }

  @Post(':id/waitlist')
  @ApiOperation({ summary: "Join a full cohort's waitlist with a name and email (once per email)" })
  @ApiCreatedResponse({ description: 'joined is false when this email was already on the list' })
  @ApiConflictResponse({ description: 'The cohort still has seats' })
  joinWaitlist(@Param() params: CohortIdParamDto, @Body() body: JoinWaitlistDto): Promise<{ joined: boolean }> {
    return this.cohorts.joinWaitlist(params.id, body.name, body.email);
  }
}
