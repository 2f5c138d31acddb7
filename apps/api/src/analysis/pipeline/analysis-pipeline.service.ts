import { Inject, Injectable, Logger } from '@nestjs/common';
import { ANALYSIS_PHASES, type DocumentType, isDocumentType } from '@app/contracts';
import {
  assessRigor,
  calculateCredits,
  collectContacts,
  combineReadings,
  computeCourseOverlaps,
  computeCoveredTopics,
  computeTranscriptMatches,
  extractCertificate,
  textProblem,
  textProblemReason,
  type CertificateExtraction,
  type CombinedAnalysis,
  type CreditCalculation,
  type DocumentReading,
  type IndividualAnalysis,
  type LeadGeneration,
  type RigorAssessment,
} from '@app/domain';
import { CatalogRepository } from '../../catalog/catalog.repository';
import { StorageService } from '../../storage/storage.service';
import { DOCUMENT_ANALYZER, type DocumentAnalyzer } from '../analyzers/document-analyzer';
import { AnalysisRepository, type CredentialForAnalysis } from '../analysis.repository';
import {
  DocumentTextExtractor,
  UnreadableDocumentError,
  type ExtractedText,
} from '../extraction/document-text-extractor';

export const UNEXPECTED_PHASE_ERROR = 'an unexpected error stopped it; please try again';

/**
 * An error in one phase, carrying the words the page shows as the failure reason. Only errors written for people
 * (a document that cannot be read) reach the page; anything else (database, storage, a library) is logged, not shown.
 */
export class PhaseFailedError extends Error {
  override name = 'PhaseFailedError';
  constructor(
    readonly phase: number,
    override readonly cause: unknown,
  ) {
    const title = ANALYSIS_PHASES.find((p) => p.phase === phase)?.title ?? `phase ${phase}`;
    super(`${title} failed: ${cause instanceof UnreadableDocumentError ? cause.message : UNEXPECTED_PHASE_ERROR}`);
  }
}

export type PipelineOutcome = 'completed' | 'skipped';

interface DocumentText {
  documentId: string;
  fileName: string;
  documentType: DocumentType;
  extracted: ExtractedText;
}

/**
 * The six phases for one credential. Each phase first looks for its stored record and reuses it, so a
 * retried or duplicated job continues where the last run stopped and never stores a phase twice.
 */
@Injectable()
export class AnalysisPipeline {
  private readonly logger = new Logger(AnalysisPipeline.name);

  constructor(
    private readonly repository: AnalysisRepository,
    private readonly storage: StorageService,
    private readonly extractor: DocumentTextExtractor,
    private readonly catalog: CatalogRepository,
    @Inject(DOCUMENT_ANALYZER) private readonly analyzer: DocumentAnalyzer,
  ) {}

  async run(credentialId: string, generation: number): Promise<PipelineOutcome> {
    const credential = await this.repository.findForAnalysis(credentialId);
    // A job for an analysis that is over (completed, failed by the sweeper, or restarted) has nothing to do.
    if (!credential || credential.status !== 'analyzing' || credential.analysisStartedAt?.getTime() !== generation) {
      return 'skipped';
    }
    const stored = new Map((await this.repository.listRecords(credentialId)).map((r) => [r.phase, r.results]));
    let texts: Promise<DocumentText[]> | null = null;
    const readTexts = (): Promise<DocumentText[]> => (texts ??= this.readTexts(credential));

    const phase = async <T>(number: number, compute: () => Promise<T> | T): Promise<T> => {
      if (stored.has(number)) return stored.get(number) as T;
      try {
        return (await this.repository.storeRecord(credentialId, number, await compute())) as T;
      } catch (error) {
        throw error instanceof PhaseFailedError ? error : new PhaseFailedError(number, error);
      }
    };

    const individual = await phase<IndividualAnalysis>(1, async () => ({
      documents: await this.analyzeDocuments(await readTexts()),
    }));
    const readings = individual.documents;
    const combined = await phase<CombinedAnalysis>(2, async () => {
      const catalog = await this.catalog.listCourses();
      const documents = await readTexts();
      const texts = documents.map((d) => ({
        documentId: d.documentId,
        fileName: d.fileName,
        text: d.extracted.text,
        lines: d.extracted.lines,
      }));
      return combineReadings(
        readings,
        computeCourseOverlaps(catalog, texts, readings),
        computeCoveredTopics(catalog, texts),
        computeTranscriptMatches(catalog, texts, readings),
      );
    });
    const rigor = await phase<RigorAssessment>(3, () => assessRigor(combined, extractCertificate(readings), readings));
    const credits = await phase<CreditCalculation>(4, () => calculateCredits(combined, rigor));
    const certificate = await phase<CertificateExtraction>(5, () => extractCertificate(readings));
    const leads = await phase<LeadGeneration>(6, () => collectContacts(readings));

    const generationDate = new Date(generation);
    await this.repository.upsertEvaluation(credentialId, {
      totalCredits: credits.totalCredits,
      contactHours: combined.contactHours ?? 0,
      matchedCourses: credits.matchedCourses.map((c) => `${c.code} ${c.title}`),
      rigorScore: rigor.rigorScore,
      rigorExplanation: rigor.rigorExplanation,
      ...rigor.criteria,
      minimumRequirementsMet: rigor.minimumRequirementsMet,
      certificateDetails: certificate.certificateDetails,
      leadContacts: leads.leadContacts,
      courseEquivalencies: credits.courseEquivalencies,
    });
    await this.repository.markCompleted(credentialId, generationDate);
    return 'completed';
  }

  private async readTexts(credential: CredentialForAnalysis): Promise<DocumentText[]> {
    const result: DocumentText[] = [];
    // One document at a time: OCR and PDF parsing are CPU-bound and the queue already runs jobs side by side.
    for (const document of credential.documents) {
      const bytes = await this.storage.read(document.objectKey);
      const extracted = await this.extractor.extract(bytes, document.fileName);
      // A blank scan or a document in another language cannot be evaluated; saying so beats a completed evaluation of nothing.
      const problem = textProblem(extracted.text);
      if (problem) throw new UnreadableDocumentError(textProblemReason(document.fileName, problem));
      result.push({
        documentId: document.id,
        fileName: document.fileName,
        documentType: isDocumentType(document.documentType) ? document.documentType : 'other',
        extracted,
      });
    }
    return result;
  }

  private async analyzeDocuments(documents: DocumentText[]): Promise<DocumentReading[]> {
    const readings: DocumentReading[] = [];
    for (const document of documents) {
      const { text, method, pages, lines } = document.extracted;
      const analysis = await this.analyzer.analyze({
        fileName: document.fileName,
        documentType: document.documentType,
        text,
        lines,
      });
      readings.push({
        documentId: document.documentId,
        fileName: document.fileName,
        // What the content says it is; the uploader's type (from the file name) only when the content is silent.
        documentType: analysis.signals.kind ?? document.documentType,
        characters: text.trim().length,
        ...(pages !== undefined ? { pages } : {}),
        method,
        analyzer: analysis.analyzer,
        ...(analysis.fallbackReason ? { fallbackReason: analysis.fallbackReason } : {}),
        signals: analysis.signals,
      });
      this.logger.debug(
        `Read ${document.fileName}: ${text.length} characters by ${method}, analyzed by ${analysis.analyzer}`,
      );
    }
    return readings;
  }
}
