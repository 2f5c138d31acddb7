import { Inject, Injectable, Logger } from '@nestjs/common';
import { TransactionRunner } from '../../database/transaction-runner';
import {
  ANALYSIS_PHASES,
  type CredentialFacts,
  type DocumentNotice,
  type DocumentType,
  isDocumentType,
} from '@app/contracts';
import {
  assessRigor,
  calculateCredits,
  collectContacts,
  combineReadings,
  computeCourseOverlaps,
  computeCoveredTopics,
  computeTranscriptMatches,
  documentsOutcome,
  extractCertificate,
  pagesNotReadNotice,
  isJsonObjectStart,
  signalsFromOwnCredential,
  textProblem,
  textProblemReason,
  unreadableDocumentNotice,
  type CertificateExtraction,
  type CombinedAnalysis,
  type CreditCalculation,
  type DocumentReading,
  type IndividualAnalysis,
  type LeadGeneration,
  type RigorAssessment,
} from '@app/domain';
import { CatalogRepository } from '../../catalog/catalog.repository';
import { attachedCredential } from '../../certificates/certificate-pdf';
import { CredentialVerifier, NOT_A_CREDENTIAL_OF_OURS } from '../../certificates/credential-verifier';
import { StorageService } from '../../storage/storage.service';
import { DOCUMENT_ANALYZER, type DocumentAnalyzer } from '../analyzers/document-analyzer';
import { AnalysisRepository, type CredentialForAnalysis } from '../analysis.repository';
import { documentProblem, UnreadableDocumentError } from '../extraction/document-problem';
import { DocumentTextExtractor, type ExtractedText } from '../extraction/document-text-extractor';

export const UNEXPECTED_PHASE_ERROR = 'an unexpected error stopped it; please try again';

/** An uploaded JSON file that is not a signed credential of this issuer: left out with a notice. */
const NOT_OURS = 'not-ours' as const;

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
    super(`${title} failed: ${documentProblem(cause)?.message ?? UNEXPECTED_PHASE_ERROR}`);
  }
}

export type PipelineOutcome = 'completed' | 'skipped';

/** The six phases' results, as the evaluation stores them (also what `npm run eval:accuracy` scores). */
export function evaluationFigures(phases: {
  combined: CombinedAnalysis;
  rigor: RigorAssessment;
  credits: CreditCalculation;
  certificate: CertificateExtraction;
  leads: LeadGeneration;
  notices: DocumentNotice[];
}) {
  const { combined, rigor, credits, certificate, leads, notices } = phases;
  return {
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
    documentNotices: notices,
  };
}

interface DocumentText {
  documentId: string;
  fileName: string;
  documentType: DocumentType;
  extracted: ExtractedText;
}

/** The credential's documents as read: the readable ones' text, and a notice for each left out or read in part. */
interface ReadDocuments {
  readable: DocumentText[];
  notices: DocumentNotice[];
  /** Documents that carry one of our own signed credentials that verified: their facts, by document id. */
  signed: Map<string, CredentialFacts>;
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
    private readonly verifier: CredentialVerifier,
    private readonly tx: TransactionRunner,
  ) {}

  async run(credentialId: string, generation: number): Promise<PipelineOutcome> {
    const credential = await this.repository.findForAnalysis(credentialId);
    // A job for an analysis that is over (completed, failed by the sweeper, or restarted) has nothing to do.
    if (!credential || credential.status !== 'analyzing' || credential.analysisStartedAt?.getTime() !== generation) {
      return 'skipped';
    }
    const stored = new Map((await this.repository.listRecords(credentialId)).map((r) => [r.phase, r.results]));
    let documents: Promise<ReadDocuments> | null = null;
    const readDocuments = (only?: ReadonlySet<string>): Promise<ReadDocuments> =>
      (documents ??= this.readDocuments(credential, only));

    const phase = async <T>(number: number, compute: () => Promise<T> | T): Promise<T> => {
      if (stored.has(number)) return stored.get(number) as T;
      try {
        return (await this.repository.storeRecord(credentialId, number, await compute())) as T;
      } catch (error) {
        throw error instanceof PhaseFailedError ? error : new PhaseFailedError(number, error);
      }
    };

    // The documents that can be read are evaluated; each one that cannot is listed with its reason (a notice), and
    // only a credential with no readable document fails (nothing is stored, and it is not retried).
    const individual = await phase<IndividualAnalysis>(1, async () => {
      const { readable, notices, signed } = await readDocuments();
      const outcome = documentsOutcome(readable.length, notices);
      if (!outcome.evaluate) throw new UnreadableDocumentError(outcome.reason, 'none_readable');
      return { documents: await this.analyzeDocuments(readable, signed), notices: outcome.notices };
    });
    const readings = individual.documents;
    const notices = individual.notices ?? [];
    const combined = await phase<CombinedAnalysis>(2, async () => {
      const catalog = await this.catalog.listCourses();
      // The documents phase 1 read (on a retry after phase 1 was stored, those are read again, and only those).
      const only = new Set(readings.map((r) => r.documentId));
      const read = new Map((await readDocuments(only)).readable.map((d) => [d.documentId, d]));
      const texts = readings.map((reading) => {
        const document = read.get(reading.documentId);
        // Read in phase 1 but not now: a passing fault (a reader killed on a busy machine), so this attempt fails.
        if (!document) throw new Error(`document ${reading.documentId} read in phase 1 could not be read again`);
        return {
          documentId: document.documentId,
          fileName: document.fileName,
          text: document.extracted.text,
          lines: document.extracted.lines,
        };
      });
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
    await this.repository.upsertEvaluation(
      credentialId,
      evaluationFigures({ combined, rigor, credits, certificate, leads, notices }),
    );
    await this.tx.run((em) => this.repository.markCompleted(em, credentialId, generationDate));
    return 'completed';
  }

  /** Reads the credential's documents (those in `only`, when given). */
  private async readDocuments(credential: CredentialForAnalysis, only?: ReadonlySet<string>): Promise<ReadDocuments> {
    const readable: DocumentText[] = [];
    const notices: DocumentNotice[] = [];
    const signed = new Map<string, CredentialFacts>();
    // One document at a time: OCR and PDF parsing are CPU-bound and the queue already runs jobs side by side.
    for (const document of credential.documents) {
      if (only && !only.has(document.id)) continue;
      const noticed = { documentId: document.id, fileName: document.fileName };
      // Storage that cannot be read is a fault of ours: it fails the attempt, which is retried.
      const bytes = await this.storage.read(document.objectKey);
      // One of our own certificates or reports (the PDF with its attached credential, or its JSON download): checked
      // by its signature.
      const own = await this.ownCredential(bytes, document.fileName);
      if (own === NOT_OURS) {
        notices.push(
          unreadableDocumentNotice(
            noticed,
            `${document.fileName} is a JSON file but not a signed certificate or report of this issuer: it is left out of the evaluation.`,
          ),
        );
        continue;
      }
      if (own && !own.genuine) {
        this.logger.warn(
          `Document ${document.id} of credential ${credential.id} carries a credential of ours that does not verify`,
        );
        notices.push(
          unreadableDocumentNotice(
            noticed,
            `${document.fileName} carries a signed credential that does not verify (${own.problem}): it is reported as tampered and left out of the evaluation.`,
          ),
        );
        continue;
      }
      if (own?.revoked) {
        // Genuine but revoked by the issuer: its facts are not taken as verified, nor its page read instead.
        this.logger.warn(`Document ${document.id} of credential ${credential.id} carries a revoked credential of ours`);
        notices.push(
          unreadableDocumentNotice(
            noticed,
            `${document.fileName} carries a signed credential that its issuer revoked: it is left out of the evaluation.`,
          ),
        );
        continue;
      }
      if (own?.facts) signed.set(document.id, own.facts);
      let extracted: ExtractedText;
      try {
        // A signed credential's JSON has no page to read: its text is the credential, and its facts the signed ones.
        extracted =
          own?.facts && isJsonObjectStart(bytes)
            ? { text: new TextDecoder().decode(bytes), kind: 'unknown', method: 'signed-credential' }
            : await this.extractor.extract(bytes, document.fileName);
        // A blank scan or a document in another language cannot be evaluated; the others still can.
        const problem = textProblem(extracted.text);
        if (problem) throw new UnreadableDocumentError(textProblemReason(document.fileName, problem), problem);
      } catch (error) {
        const unreadable = documentProblem(error);
        if (!unreadable) throw error;
        this.logger.warn(
          `Document ${document.id} of credential ${credential.id} cannot be read (${unreadable.code}); left out of its evaluation`,
        );
        notices.push(unreadableDocumentNotice(noticed, unreadable.message));
        continue;
      }
      if (extracted.pagesNotRead && extracted.pages !== undefined) {
        const notice = pagesNotReadNotice(noticed, {
          pages: extracted.pages,
          notRead: extracted.pagesNotRead.pages,
          limit: extracted.pagesNotRead.limit,
        });
        if (notice) {
          this.logger.log(
            `Document ${document.id} of credential ${credential.id}: ${extracted.pagesNotRead.pages.length} of ${extracted.pages} pages past the OCR page limit were not read`,
          );
          notices.push(notice);
        }
      }
      readable.push({
        documentId: document.id,
        fileName: document.fileName,
        documentType: isDocumentType(document.documentType) ? document.documentType : 'other',
        extracted,
      });
    }
    return { readable, notices, signed };
  }

  /**
   * The check of a signed credential a PDF carries as an attachment, or of a credential's JSON download; null when a
   * PDF carries none (it is read as usual), NOT_OURS for JSON that is no signed credential of this issuer.
   */
  private async ownCredential(bytes: Uint8Array, fileName: string) {
    if (isJsonObjectStart(bytes)) {
      const result = await this.verifier.verifyPresented(new TextDecoder().decode(bytes));
      return result.problem === NOT_A_CREDENTIAL_OF_OURS ? NOT_OURS : result;
    }
    if (
      !/\.pdf$/i.test(fileName) &&
      !(bytes[0] === 0x25 && bytes[1] === 0x50 && bytes[2] === 0x44 && bytes[3] === 0x46)
    ) {
      return null;
    }
    const attached = await attachedCredential(bytes);
    if (attached === null) return null;
    const result = await this.verifier.verifyPresented(attached);
    // An attachment that is not a signed credential at all is someone else's file: the page is read as usual.
    return result.problem === NOT_A_CREDENTIAL_OF_OURS ? null : result;
  }

  private async analyzeDocuments(
    documents: DocumentText[],
    signed: ReadonlyMap<string, CredentialFacts> = new Map(),
  ): Promise<DocumentReading[]> {
    const readings: DocumentReading[] = [];
    for (const document of documents) {
      const { text, method, pages, lines, uncertainWords } = document.extracted;
      const facts = signed.get(document.documentId);
      if (facts) {
        // The facts come from the verified credential, not from reading the page.
        readings.push({
          documentId: document.documentId,
          fileName: document.fileName,
          documentType: facts.kind === 'completion' ? 'certificate' : document.documentType,
          characters: text.trim().length,
          ...(pages !== undefined ? { pages } : {}),
          method,
          analyzer: 'local',
          signals: signalsFromOwnCredential(facts, document.fileName),
        });
        continue;
      }
      const analysis = await this.analyzer.analyze({
        fileName: document.fileName,
        documentType: document.documentType,
        text,
        lines,
        uncertainWords,
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
        `Read document ${document.documentId}: ${text.length} characters by ${method}, analyzed by ${analysis.analyzer}`,
      );
    }
    return readings;
  }
}
