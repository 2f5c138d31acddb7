import {
  CRITERIA_KEYS,
  type CriterionKey,
  type Evidence,
  type EvaluationEvidence,
  type TranscriptSummary,
} from '@app/contracts';
import { byCertificateAuthority } from './certificate-and-contacts';
import type { CombinedAnalysis } from './combined-analysis';
import type { DocumentReading, DocumentSignals } from './document-reading';

/**
 * The transcripts (course rows, credit system) and the line behind each figure, for GET /evaluation: each detail and
 * contact, the hours, and each of the seven criteria (keyed by its name), met or not, where a line bears on it.
 */
export function evaluationDetails(
  readings: readonly DocumentReading[],
  combined?: CombinedAnalysis,
): { transcripts: TranscriptSummary[]; evidence: EvaluationEvidence } {
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
  if (firstTranscript && firstRow) evidence.contactHours = firstTranscript.evidence.creditSystem ?? firstRow.evidence;
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
  return { transcripts, evidence };
}

/** The total a transcript states is only the reader's cross-check of its rows; the evaluation leaves it out. */
function stripStatedTotal(reading: TranscriptSummary & { statedTotal?: number | null }): TranscriptSummary {
  const { statedTotal: _ignored, ...summary } = reading;
  return summary;
}
