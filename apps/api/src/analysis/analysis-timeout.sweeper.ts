import { Injectable } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { AnalysisService } from './analysis.service';

const SWEEP_EVERY_MS = 60_000;

/** A scheduled check, so a credential whose job was lost (crashed worker, restart without Redis) does not stay analyzing. */
@Injectable()
export class AnalysisTimeoutSweeper {
  constructor(private readonly analysis: AnalysisService) {}

  @Interval(SWEEP_EVERY_MS)
  async sweep(): Promise<string[]> {
    return this.analysis.failStaleAnalyses();
  }
}
