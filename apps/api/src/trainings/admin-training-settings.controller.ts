import { Body, Param } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse } from '@nestjs/swagger';
import { ROUTES, type RouteResponse } from '@app/contracts';
import type { AuthenticatedAdmin } from '../admin/admin-auth.types';
import { AdminController, CurrentAdmin } from '../admin/admin-only.decorator';
import { ApiRoute } from '../common/api-route.decorator';
import { UpdateTrainingSettingsDto } from './dto/training-settings.dto';
import { TrainingSettingsService } from './training-settings.service';

@AdminController()
export class AdminTrainingSettingsController {
  constructor(private readonly settings: TrainingSettingsService) {}

  @ApiRoute(ROUTES.adminTrainingSettings)
  @ApiOkResponse({ description: 'Every training with its contact hours' })
  list(): Promise<RouteResponse<typeof ROUTES.adminTrainingSettings>> {
    return this.settings.list();
  }

  @ApiRoute(ROUTES.adminUpdateTrainingSettings)
  @ApiOkResponse({ description: 'The training with its new contact hours' })
  @ApiBadRequestResponse({ description: 'Not a number of hours in steps of half an hour, above 0 and at most 2000' })
  @ApiNotFoundResponse({ description: 'No such training' })
  update(
    @Param('trainingName') trainingName: string,
    @Body() body: UpdateTrainingSettingsDto,
    @CurrentAdmin() admin: AuthenticatedAdmin,
  ): Promise<RouteResponse<typeof ROUTES.adminUpdateTrainingSettings>> {
    return this.settings.setContactHours(trainingName, body.contactHours, admin);
  }
}
