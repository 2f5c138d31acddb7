import type { DocumentType } from '@app/contracts';
import { findCompletionEvidence, findDocumentTitle } from '../credential-analysis';
import { findAssessmentMethods } from '../reading/assessment-methods';
import { findLearningObjectives } from '../reading/learning-objectives';
import type { TextLine } from '../reading/positioned-lines';
import { readDocument } from '../reading/read-document';
import type { UncertainWord } from '../reading/uncertain-words';
import type { DocumentSignals } from './document-reading';

/** One document's text and what the uploader said it is. */
export interface DocumentInput {
  fileName: string;
  documentType: DocumentType;
  text: string;
  /** Lines rebuilt from the text's positions (PDF text layer); absent for readers that give plain text. */
  lines?: readonly TextLine[];
  /** Words OCR read with low confidence; a value made of them is marked for review. */
  uncertainWords?: readonly UncertainWord[];
}

/** The local readers' signals of one document: the same document always gives the same result. */
export function readDocumentSignals(input: DocumentInput): DocumentSignals {
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
