import { Injectable } from '@nestjs/common';
import {
  type DocumentSignals,
  findAssessmentMethods,
  findCompletionEvidence,
  findDocumentTitle,
  findLearningObjectives,
  readDocument,
} from '@app/domain';
import type { DocumentAnalysis, DocumentAnalyzer, DocumentInput } from './document-analyzer';

/** The deterministic default: the domain's text readers, so the same document always gives the same result. */
@Injectable()
export class LocalDocumentAnalyzer implements DocumentAnalyzer {
  readonly name = 'local' as const;

  read(input: DocumentInput): DocumentSignals {
    const { text } = input;
    const reading = readDocument(input.fileName, text, input.lines, input.documentType, input.uncertainWords);
    const completion =
      findCompletionEvidence(text) || (reading.transcript?.courses.some((c) => c.quarterCredits > 0) ?? false);
    return {
      title:
        reading.courseCode && reading.courseTitle
          ? `${reading.courseCode} ${reading.courseTitle}`
          : findDocumentTitle(text, input.fileName),
      contactHours: reading.contactHours,
      learningObjectives: findLearningObjectives(text),
      modulesOrWeeks: reading.modulesOrWeeks,
      assessmentMethods: findAssessmentMethods(text),
      topics: [],
      certificate: reading.certificate,
      contacts: reading.contacts,
      completionEvidence: completion,
      kind: reading.kind,
      courseCode: reading.courseCode,
      courseTitle: reading.courseTitle,
      transcript: reading.transcript,
      evidence: reading.evidence,
      missing: reading.missing,
    };
  }

  async analyze(input: DocumentInput): Promise<DocumentAnalysis> {
    return { signals: this.read(input), analyzer: 'local' };
  }
}
