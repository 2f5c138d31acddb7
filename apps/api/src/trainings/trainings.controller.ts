import { ROUTES, type RouteResponse } from '@app/contracts';
import { ApiRoute } from '../common/api-route.decorator';
import { Controller } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { BundlePricingResponseDto, TrainingPricingResponseDto } from './dto/pricing-response.dto';
import { TrainingsService } from './trainings.service';

@ApiTags('pricing')
@Controller()
export class TrainingsController {
  constructor(private readonly trainings: TrainingsService) {}

  @ApiRoute(ROUTES.trainingPricing)
  @ApiOkResponse({ type: [TrainingPricingResponseDto] })
  listTrainingPricing(): Promise<RouteResponse<typeof ROUTES.trainingPricing>> {
    return this.trainings.listTrainingPricing();
  }

  @ApiRoute(ROUTES.bundlePricing)
  @ApiOkResponse({ type: [BundlePricingResponseDto] })
  listBundlePricing(): Promise<RouteResponse<typeof ROUTES.bundlePricing>> {
    return this.trainings.listBundlePricing();
  }
}
