import { Controller, Get, HttpCode, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
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
@Controller('credentials/:id')
export class AnalysisController {
  constructor(private readonly analysis: AnalysisService) {}

  @Post('analyze')
  @HttpCode(202)
  @ApiOperation({ summary: 'Start the six-phase analysis of a pending credential that has documents' })
  @ApiAcceptedResponse({ type: AnalysisStartedResponseDto })
  @ApiNotFoundResponse({ description: 'No such credential, or another applicant owns it' })
  @ApiConflictResponse({ description: 'Not pending, or no documents; nothing changed' })
  analyze(
    @Param('id', ParseUUIDPipe) id: string,
    @CurrentViewer() viewer: Viewer,
  ): Promise<AnalysisStartedResponseDto> {
    return this.analysis.start(id, viewer);
  }

  @Get('analyses')
  @ApiOperation({ summary: 'The stored phase records, by phase' })
  @ApiOkResponse({ type: [AnalysisRecordResponseDto] })
  @ApiNotFoundResponse({ description: 'No such credential, or another applicant owns it' })
  analyses(
    @Param('id', ParseUUIDPipe) id: string,
    @CurrentViewer() viewer: Viewer,
  ): Promise<AnalysisRecordResponseDto[]> {
    return this.analysis.listRecords(id, viewer);
  }

  @Get('evaluation')
  @ApiOperation({ summary: 'The evaluation of a completed credential' })
  @ApiOkResponse({ type: EvaluationResponseDto })
  @ApiNotFoundResponse({
    description: 'No such credential, another applicant owns it, or its analysis has not completed',
  })
  evaluation(@Param('id', ParseUUIDPipe) id: string, @CurrentViewer() viewer: Viewer): Promise<EvaluationResponseDto> {
    return this.analysis.getEvaluation(id, viewer);
  }
}
