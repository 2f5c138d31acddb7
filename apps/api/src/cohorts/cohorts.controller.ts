import { ROUTES, type RouteResponse } from '@app/contracts';
import { ApiRoute } from '../common/api-route.decorator';
import { Body, Controller, Param, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import { CohortIdParamDto } from './dto/cohort-id-param.dto';
import { JoinWaitlistDto } from './dto/cohort-seats.dto';
import { CohortsService } from './cohorts.service';
import { CohortResponseDto } from './dto/cohort-response.dto';
import { ListCohortsQueryDto } from './dto/list-cohorts-query.dto';

@ApiTags('cohorts')
@Controller()
export class CohortsController {
  constructor(private readonly cohorts: CohortsService) {}

  @ApiRoute(ROUTES.cohorts)
  @ApiOkResponse({ type: [CohortResponseDto] })
  @ApiBadRequestResponse({ description: 'trainingName is not one of the three trainings' })
  list(@Query() query: ListCohortsQueryDto): Promise<RouteResponse<typeof ROUTES.cohorts>> {
    return this.cohorts.list(query.trainingName);
  }

  @ApiRoute(ROUTES.joinWaitlist)
  @ApiCreatedResponse({ description: 'joined is false when this email was already on the list' })
  @ApiConflictResponse({ description: 'The cohort still has seats' })
  joinWaitlist(@Param() params: CohortIdParamDto, @Body() body: JoinWaitlistDto): Promise<{ joined: boolean }> {
    return this.cohorts.joinWaitlist(params.id, body.name, body.email);
  }
}
