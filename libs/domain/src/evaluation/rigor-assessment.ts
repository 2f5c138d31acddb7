import type { Criteria } from '@app/contracts';
import { creditCalculation, type CreditCalculation } from '../credit-calculation';
import {
  countMetCriteria,
  evaluateCriteria,
  meetsMinimumRequirements,
  rigorScore,
  type CriteriaEvidence,
} from '../criteria';
import type { CertificateExtraction } from './certificate-and-contacts';
import type { CombinedAnalysis } from './combined-analysis';
import type { DocumentReading } from './document-reading';

/** Phase 3's result: the seven criteria, the evidence they were judged on, and the rigor score. */
export interface RigorAssessment {
  criteria: Criteria;
  criteriaMet: number;
  minimumRequirementsMet: boolean;
  rigorScore: number;
  rigorExplanation: string[];
  evidence: CriteriaEvidence;
}

export function assessRigor(
  combined: CombinedAnalysis,
  certificate: CertificateExtraction,
  readings: readonly DocumentReading[],
): RigorAssessment {
  const evidence: CriteriaEvidence = {
    topicOverlap: Math.max(combined.courseOverlaps[0]?.overlap ?? 0, combined.transcriptOverlap ?? 0),
    learningObjectives: combined.learningObjectives,
    assessmentMethodCount: combined.assessmentMethods.length,
    contactHours: combined.contactHours,
    modulesOrWeeks: combined.modulesOrWeeks,
    hasIssuingOrganization: certificate.certificateDetails.issuingOrganization !== null,
    hasCompletionEvidence: readings.some((r) => r.signals.completionEvidence),
  };
  const criteria = evaluateCriteria(evidence);
  const { score, explanation } = rigorScore(criteria, {
    contactHours: combined.contactHours,
    learningObjectives: combined.learningObjectives,
    assessmentCount: combined.assessmentMethods.length,
  });
  return {
    criteria,
    criteriaMet: countMetCriteria(criteria),
    minimumRequirementsMet: meetsMinimumRequirements(criteria),
    rigorScore: score,
    rigorExplanation: explanation,
    evidence,
  };
}

/** Phase 4: the credit rules are `creditCalculation`'s, fed from phases 2 and 3. */
export function calculateCredits(combined: CombinedAnalysis, rigor: RigorAssessment): CreditCalculation {
  return creditCalculation({
    contactHours: combined.contactHours,
    minimumRequirementsMet: rigor.minimumRequirementsMet,
    courseOverlaps: combined.courseOverlaps,
    transcriptCredits: combined.transcriptCredits,
    transcriptEquivalencies: combined.transcriptEquivalencies,
  });
}
