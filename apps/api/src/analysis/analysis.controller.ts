import { ROUTES, type RouteResponse } from '@app/contracts';
import { ApiRoute } from '../common/api-route.decorator';
import { Controller, HttpCode, Param, ParseUUIDPipe } from '@nestjs/common';
import { ApiAcceptedResponse, ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Viewer } from '../applicants/viewer';
import { CurrentViewer, OwnerOrStaff } from '../applicants/viewer.guard';
import { AnalysisService } from './analysis.service';
import {
  AnalysisRecordResponseDto,
  AnalysisStartedResponseDto,
  EvaluationResponseDto,
} from './dto/analysis-response.dto';

@ApiTags('analysis')
@OwnerOrStaff()
@Controller()
export class AnalysisController {
  constructor(private readonly analysis: AnalysisService) {}

  @ApiRoute(ROUTES.analyzeCredential)
  @HttpCode(202)
  @ApiAcceptedResponse({ type: AnalysisStartedResponseDto })
  @ApiNotFoundResponse({ description: 'No such credential, or another applicant owns it' })
  @ApiConflictResponse({ description: 'Not pending, or no documents; nothing changed' })
  analyze(
    @Param('id', ParseUUIDPipe) id: string,
    @CurrentViewer() viewer: Viewer,
  ): Promise<RouteResponse<typeof ROUTES.analyzeCredential>> {
    return this.analysis.start(id, viewer);
  }

  @ApiRoute(ROUTES.credentialAnalyses)
  @ApiOkResponse({ type: [AnalysisRecordResponseDto] })
  @ApiNotFoundResponse({ description: 'No such credential, or another applicant owns it' })
  analyses(
    @Param('id', ParseUUIDPipe) id: string,
    @CurrentViewer() viewer: Viewer,
  ): Promise<RouteResponse<typeof ROUTES.credentialAnalyses>> {
    return this.analysis.listRecords(id, viewer);
  }

  @ApiRoute(ROUTES.credentialEvaluation)
  @ApiOkResponse({ type: EvaluationResponseDto })
  @ApiNotFoundResponse({
    description: 'No such credential, another applicant owns it, or its analysis has not completed',
  })
  evaluation(
    @Param('id', ParseUUIDPipe) id: string,
    @CurrentViewer() viewer: Viewer,
  ): Promise<RouteResponse<typeof ROUTES.credentialEvaluation>> {
    return this.analysis.getEvaluation(id, viewer);
  }
}
