import { Injectable } from '@nestjs/common';
import {
  findAssessmentMethods,
  findCertificateDetails,
  findCompletionEvidence,
  findContactHours,
  findContacts,
  findDocumentTitle,
  findLearningObjectives,
  findModulesOrWeeks,
} from '@app/domain';
import type { DocumentAnalysis, DocumentAnalyzer, DocumentInput, DocumentSignals } from './document-analyzer';

/** The deterministic default: the domain's text readers, so the same document always gives the same result. */
@Injectable()
export class LocalDocumentAnalyzer implements DocumentAnalyzer {
  readonly name = 'local' as const;

  read(input: DocumentInput): DocumentSignals {
    const { text } = input;
    return {
      title: findDocumentTitle(text, input.fileName),
      contactHours: findContactHours(text),
      learningObjectives: findLearningObjectives(text),
      modulesOrWeeks: findModulesOrWeeks(text),
      assessmentMethods: findAssessmentMethods(text),
      topics: [],
      certificate: findCertificateDetails(text),
      contacts: findContacts(text),
      completionEvidence: findCompletionEvidence(text),
    };
  }

  async analyze(input: DocumentInput): Promise<DocumentAnalysis> {
    return { signals: this.read(input), analyzer: 'local' };
  }
}
