import { SignedCredentialsModule } from '../certificates/signed-credentials.module';
import { BullModule } from '@nestjs/bullmq';
import { DynamicModule, Module, Provider } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { CredentialsModule } from '../credentials/credentials.module';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/app-config';
import { AnalysisController } from './analysis.controller';
import { AnalysisRepository } from './analysis.repository';
import { AnalysisService } from './analysis.service';
import { AnalysisTimeoutSweeper } from './analysis-timeout.sweeper';
import { DOCUMENT_ANALYZER, type DocumentAnalyzer } from './analyzers/document-analyzer';
import { LocalDocumentAnalyzer } from './analyzers/local-document-analyzer';
import { OpenAiDocumentAnalyzer } from './analyzers/openai-document-analyzer';
import { DocumentTextExtractor } from './extraction/document-text-extractor';
import { ReaderSandbox } from './extraction/reader-sandbox';
import { AnalysisPipeline } from './pipeline/analysis-pipeline.service';
import { AnalysisProcessor, bullAnalysisProcessor } from './queue/analysis.processor';
import { ANALYSIS_QUEUE, ANALYSIS_QUEUE_NAME } from './queue/analysis-queue';
import { BullMqAnalysisQueue } from './queue/bullmq-analysis-queue';
import { InProcessAnalysisQueue } from './queue/in-process-analysis-queue';
import { redisConnectionOptions } from './queue/redis-connection';

/** OpenAI when a key is configured, else the deterministic local analyzer. */
const analyzerProvider: Provider = {
  provide: DOCUMENT_ANALYZER,
  inject: [APP_CONFIG, LocalDocumentAnalyzer],
  useFactory: (config: AppConfig, local: LocalDocumentAnalyzer): DocumentAnalyzer =>
    config.openai.apiKey
      ? new OpenAiDocumentAnalyzer(
          { apiKey: config.openai.apiKey, model: config.openai.model, baseUrl: config.openai.baseUrl },
          local,
        )
      : local,
};

/** What running a job needs: reading documents, the analyzers, the pipeline and the processor. */
const workerProviders: Provider[] = [
  AnalysisRepository,
  ReaderSandbox,
  DocumentTextExtractor,
  LocalDocumentAnalyzer,
  analyzerProvider,
  AnalysisPipeline,
];

function bullImports(redisUrl: string, config: AppConfig): DynamicModule[] {
  return [
    BullModule.forRoot({ connection: redisConnectionOptions(redisUrl), prefix: config.analysis.queuePrefix }),
    BullModule.registerQueue({ name: ANALYSIS_QUEUE_NAME }),
  ];
}

@Module({})
export class AnalysisModule {
  /**
   * The API side. With REDIS_URL jobs go to BullMQ and this process also works them unless
   * ANALYSIS_RUN_WORKER=false (then `npm run worker` does); without Redis they run in this process.
   */
  static forRoot(config: AppConfig): DynamicModule {
    const common: Provider[] = [...workerProviders, AnalysisService, AnalysisTimeoutSweeper];
    if (config.redisUrl) {
      return {
        module: AnalysisModule,
        imports: [CatalogModule, CredentialsModule, SignedCredentialsModule, ...bullImports(config.redisUrl, config)],
        controllers: [AnalysisController],
        providers: [
          ...common,
          { provide: ANALYSIS_QUEUE, useClass: BullMqAnalysisQueue },
          ...(config.analysis.runWorker ? [bullAnalysisProcessor(config)] : []),
        ],
        exports: [AnalysisService],
      };
    }
    return {
      module: AnalysisModule,
      imports: [CatalogModule, CredentialsModule, SignedCredentialsModule],
      controllers: [AnalysisController],
      providers: [
        ...common,
        AnalysisProcessor,
        {
          provide: InProcessAnalysisQueue,
          inject: [AnalysisProcessor, AnalysisRepository],
          useFactory: (processor: AnalysisProcessor, repository: AnalysisRepository) =>
            new InProcessAnalysisQueue(
              processor,
              undefined,
              undefined,
              repository,
              config.analysis.heartbeatSeconds * 1000,
            ),
        },
        { provide: ANALYSIS_QUEUE, useExisting: InProcessAnalysisQueue },
      ],
      exports: [AnalysisService],
    };
  }

  /** The worker process (`npm run worker`): the BullMQ processor and what it needs, no HTTP, no scheduler. */
  static forWorker(config: AppConfig & { redisUrl: string }): DynamicModule {
    return {
      module: AnalysisModule,
      imports: [CatalogModule, SignedCredentialsModule, ...bullImports(config.redisUrl, config)],
      providers: [...workerProviders, bullAnalysisProcessor(config)],
    };
  }
}
