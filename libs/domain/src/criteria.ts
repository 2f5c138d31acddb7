import type { Criteria, CriterionKey } from '@app/contracts';
import { CRITERIA_KEYS } from '@app/contracts';

export const MIN_LEARNING_OBJECTIVES = 3;
export const MIN_CONTACT_HOURS = 30;
export const MIN_MODULES_OR_WEEKS = 4;
export const TOPIC_OVERLAP_MINIMUM = 0.7;
export const MIN_CRITERIA_MET = 5;
export const MANDATORY_CRITERIA: readonly CriterionKey[] = ['topicRelevance', 'learningObjectives', 'instructionHours'];

export const CRITERION_LABELS: Readonly<Record<CriterionKey, string>> = {
  topicRelevance: 'Topic relevance',
  learningObjectives: 'Learning objectives',
  assessmentMethods: 'Assessment methods',
  instructionHours: 'Instruction hours',
  curriculumStructure: 'Curriculum structure',
  credentialSourceClarity: 'Credential source clarity',
  completionEvidence: 'Completion evidence',
};

/** What the analyzer read from the documents, turned into the seven criteria. */
export interface CriteriaEvidence {
  /** Best overlap (0..1) of any catalog course's topics with the documents. */
  topicOverlap: number;
  learningObjectives: number;
  assessmentMethodCount: number;
  contactHours: number | null;
  modulesOrWeeks: number | null;
  hasIssuingOrganization: boolean;
  hasCompletionEvidence: boolean;
}

export function evaluateCriteria(evidence: CriteriaEvidence): Criteria {
  return {
    topicRelevance: evidence.topicOverlap + 1e-9 >= TOPIC_OVERLAP_MINIMUM,
    learningObjectives: evidence.learningObjectives >= MIN_LEARNING_OBJECTIVES,
    assessmentMethods: evidence.assessmentMethodCount > 0,
    instructionHours: (evidence.contactHours ?? 0) >= MIN_CONTACT_HOURS,
    curriculumStructure: (evidence.modulesOrWeeks ?? 0) >= MIN_MODULES_OR_WEEKS,
    credentialSourceClarity: evidence.hasIssuingOrganization,
    completionEvidence: evidence.hasCompletionEvidence,
  };
}

export function countMetCriteria(criteria: Criteria): number {
  return CRITERIA_KEYS.filter((key) => criteria[key]).length;
}

/** At least 5 of 7, and the three mandatory criteria among them. */
export function meetsMinimumRequirements(criteria: Criteria): boolean {
  return countMetCriteria(criteria) >= MIN_CRITERIA_MET && MANDATORY_CRITERIA.every((key) => criteria[key]);
}

export interface RigorSignals {
  contactHours: number | null;
  learningObjectives: number;
  assessmentCount: number;
}

export const RIGOR_BONUS_CONTACT_HOURS = 60;
export const RIGOR_BONUS_LEARNING_OBJECTIVES = 6;
export const RIGOR_BONUS_ASSESSMENTS = 3;
export const MAX_RIGOR_SCORE = 10;

/**
 * Out of 10, so a reader can recompute it from the explanation: one point per criterion met (7),
 * plus one each for depth beyond the minimums: twice the minimum contact hours (60+),
 * twice the minimum objectives (6+), and three or more kinds of assessment.
 */
export function rigorScore(criteria: Criteria, signals: RigorSignals): { score: number; explanation: string[] } {
  const explanation: string[] = [];
  let points = 0;

  for (const key of CRITERIA_KEYS) {
    const label = CRITERION_LABELS[key];
    if (criteria[key]) {
      points += 1;
      explanation.push(`+1 ${label}: met`);
    } else {
      explanation.push(`+0 ${label}: not met`);
    }
  }

  const hours = signals.contactHours ?? 0;
  const bonuses: { met: boolean; text: string }[] = [
    {
      met: hours >= RIGOR_BONUS_CONTACT_HOURS,
      text: `Depth of instruction: ${hours} contact hours (${RIGOR_BONUS_CONTACT_HOURS} or more earns a point)`,
    },
    {
      met: signals.learningObjectives >= RIGOR_BONUS_LEARNING_OBJECTIVES,
      text: `Breadth of objectives: ${signals.learningObjectives} learning objectives (${RIGOR_BONUS_LEARNING_OBJECTIVES} or more earns a point)`,
    },
    {
      met: signals.assessmentCount >= RIGOR_BONUS_ASSESSMENTS,
      text: `Variety of assessment: ${signals.assessmentCount} kind(s) of assessment (${RIGOR_BONUS_ASSESSMENTS} or more earns a point)`,
    },
  ];
  for (const bonus of bonuses) {
    if (bonus.met) points += 1;
    explanation.push(`${bonus.met ? '+1' : '+0'} ${bonus.text}`);
  }

  const score = Math.round(Math.min(points, MAX_RIGOR_SCORE) * 10) / 10;
  return { score, explanation };
}
