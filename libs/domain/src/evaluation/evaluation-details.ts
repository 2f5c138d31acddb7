import {
  CRITERIA_KEYS,
  type CriterionKey,
  type Evidence,
  type EvaluationEvidence,
  type TranscriptSummary,
} from '@app/contracts';
import { byCertificateAuthority } from './certificate-and-contacts';
import type { CombinedAnalysis } from './combined-analysis';
import { quoteHoldsNumber } from '../reading/number-evidence';
import type { DocumentReading, DocumentSignals } from './document-reading';

/**
 * The transcripts (course rows, credit system) and the line behind each figure, for GET /evaluation: each detail and
 * contact, the hours, and each of the seven criteria (keyed by its name), met or not, where a line bears on it.
 */
export function evaluationDetails(
  readings: readonly DocumentReading[],
  combined?: CombinedAnalysis,
): { transcripts: TranscriptSummary[]; evidence: EvaluationEvidence; missing: Record<string, string> } {
  const evidence: EvaluationEvidence = {};
  const ordered = byCertificateAuthority(readings);
  for (const reading of ordered) {
    for (const [key, value] of Object.entries(reading.signals.evidence ?? {})) {
      const field = key.startsWith('contact.')
        ? `leadContacts.${key.slice('contact.'.length)}`
        : key.startsWith('certificate.')
          ? `certificateDetails.${key.slice('certificate.'.length)}`
          : key;
      evidence[field] ??= value;
    }
  }
  // A combined figure is the largest of the documents' values: its line is the one of the document that gave it.
  const lineOf = (key: string, gave: (signals: DocumentSignals) => boolean): Evidence | undefined =>
    ordered.find((r) => gave(r.signals) && r.signals.evidence?.[key])?.signals.evidence?.[key];
  if (combined) {
    const hours = lineOf('contactHours', (s) => s.contactHours === combined.contactHours);
    const weeks = lineOf('modulesOrWeeks', (s) => s.modulesOrWeeks === combined.modulesOrWeeks);
    const objectives = lineOf('learningObjectives', (s) => s.learningObjectives === combined.learningObjectives);
    if (hours) evidence.contactHours = hours;
    if (weeks) evidence.modulesOrWeeks = weeks;
    if (objectives) evidence.learningObjectives = objectives;
  }
  const transcripts = readings.flatMap((r) => (r.signals.transcript ? [stripStatedTotal(r.signals.transcript)] : []));
  const firstTranscript = transcripts[0];
  const firstRow = transcripts.flatMap((t) => t.courses)[0];
  if (firstTranscript && firstRow) {
    const line = firstTranscript.evidence.creditSystem ?? firstRow.evidence;
    const credits = combined?.transcriptCredits;
    // A transcript's hours are not written on any line: they are its quarter credits at 10 hours each.
    evidence.contactHours =
      combined?.contactHours != null && credits != null
        ? {
            ...line,
            derivation: `${credits} quarter credits × 10 contact hours a quarter credit = ${combined.contactHours} h`,
          }
        : line;
  }
  const topic =
    combined?.transcriptEquivalencies?.find((e) => e.evidence)?.evidence ?? combined?.courseOverlaps[0]?.evidence;
  if (topic) evidence.topicRelevance = topic;
  const criteria: Record<CriterionKey, Evidence | undefined> = {
    topicRelevance: evidence.topicRelevance,
    learningObjectives: evidence.learningObjectives,
    assessmentMethods: evidence.assessmentMethods,
    instructionHours: evidence.contactHours,
    curriculumStructure: evidence.modulesOrWeeks,
    credentialSourceClarity: evidence['certificateDetails.issuingOrganization'],
    completionEvidence: evidence.completionEvidence,
  };
  for (const key of CRITERIA_KEYS) {
    const line = criteria[key];
    if (line) evidence[key] = line;
  }
  return { transcripts, evidence, missing: missingFields(ordered, combined, evidence) };
}

/**
 * What no line states, by field, where the evaluation has no value for it: the documents' own words for it (a meeting
 * pattern without the weeks of the term…), or that no line states it. A figure whose evidence neither quotes it nor
 * says how it was derived is not evidence: that line is dropped, so no figure is shown with a quote that lacks it.
 */
function missingFields(
  readings: readonly DocumentReading[],
  combined: CombinedAnalysis | undefined,
  evidence: EvaluationEvidence,
): Record<string, string> {
  const missing: Record<string, string> = {};
  const said = (field: string): string | undefined => readings.map((r) => r.signals.missing?.[field]).find(Boolean);
  if (combined && (combined.contactHours === null || combined.contactHours === 0)) {
    missing.contactHours = said('contactHours') ?? 'no line in the documents states contact hours';
    delete evidence.contactHours;
    delete evidence.instructionHours;
  }
  const hours = evidence.contactHours;
  if (combined?.contactHours && hours && !hours.derivation && !quoteHoldsNumber(hours.quote, combined.contactHours)) {
    delete evidence.contactHours;
    delete evidence.instructionHours;
  }
  if (readings.some((r) => (r.signals.kind ?? r.documentType) === 'certificate')) {
    for (const field of ['recipientName', 'issuingOrganization', 'certificateAuthor', 'completionDate']) {
      const found = readings.some((r) => r.signals.certificate[field as keyof DocumentSignals['certificate']]);
      const why = said(`certificate.${field}`);
      if (!found && why) missing[`certificateDetails.${field}`] = why;
    }
  }
  return missing;
}

/** The total a transcript states is only the reader's cross-check of its rows; the evaluation leaves it out. */
function stripStatedTotal(reading: TranscriptSummary & { statedTotal?: number | null }): TranscriptSummary {
  const { statedTotal: _ignored, ...summary } = reading;
  return summary;
}
