import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { BundlePricingResponseDto, TrainingPricingResponseDto } from './dto/pricing-response.dto';
import { TrainingsService } from './trainings.service';

@ApiTags('pricing')
@Controller()
export class TrainingsController {
  constructor(private readonly trainings: TrainingsService) {}

  @Get('training-pricing')
  @ApiOkResponse({ type: [TrainingPricingResponseDto] })
  listTrainingPricing(): Promise<TrainingPricingResponseDto[]> {
    return this.trainings.listTrainingPricing();
  }

  @Get('bundle-pricing')
  @ApiOkResponse({ type: [BundlePricingResponseDto] })
  listBundlePricing(): Promise<BundlePricingResponseDto[]> {
    return this.trainings.listBundlePricing();
  }
}
