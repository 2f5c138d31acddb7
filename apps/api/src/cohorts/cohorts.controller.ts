import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
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
}
