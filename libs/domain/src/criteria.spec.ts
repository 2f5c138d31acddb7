import type { Criteria } from '@app/contracts';
import {
  MIN_CONTACT_HOURS,
  MIN_LEARNING_OBJECTIVES,
  MIN_MODULES_OR_WEEKS,
  TOPIC_OVERLAP_MINIMUM,
  countMetCriteria,
  evaluateCriteria,
  meetsMinimumRequirements,
  rigorScore,
  type CriteriaEvidence,
} from './criteria';

const allMet: Criteria = {
  topicRelevance: true,
  learningObjectives: true,
  assessmentMethods: true,
  instructionHours: true,
  curriculumStructure: true,
  credentialSourceClarity: true,
  completionEvidence: true,
};

const noneMet: Criteria = {
  topicRelevance: false,
  learningObjectives: false,
  assessmentMethods: false,
  instructionHours: false,
  curriculumStructure: false,
  credentialSourceClarity: false,
  completionEvidence: false,
};

describe('thresholds', () => {
  it('matches the spec', () => {
    expect([MIN_LEARNING_OBJECTIVES, MIN_CONTACT_HOURS, MIN_MODULES_OR_WEEKS, TOPIC_OVERLAP_MINIMUM]).toEqual([
      3, 30, 4, 0.7,
    ]);
  });
});

describe('meetsMinimumRequirements', () => {
  it('passes all seven', () => {
    expect(meetsMinimumRequirements(allMet)).toBe(true);
  });

  it('passes exactly five including the three mandatory ones', () => {
    expect(meetsMinimumRequirements({ ...allMet, credentialSourceClarity: false, completionEvidence: false })).toBe(
      true,
    );
  });

  it('fails four even with the mandatory ones', () => {
    expect(
      meetsMinimumRequirements({
        ...allMet,
        assessmentMethods: false,
        credentialSourceClarity: false,
        completionEvidence: false,
      }),
    ).toBe(false);
  });

  it.each(['topicRelevance', 'learningObjectives', 'instructionHours'] as const)(
    'fails six of seven without %s',
    (key) => {
      expect(meetsMinimumRequirements({ ...allMet, [key]: false })).toBe(false);
    },
  );

  it.each(['assessmentMethods', 'curriculumStructure', 'credentialSourceClarity', 'completionEvidence'] as const)(
    'passes six of seven without the optional %s',
    (key) => {
      expect(meetsMinimumRequirements({ ...allMet, [key]: false })).toBe(true);
    },
  );

  it('fails none', () => {
    expect(meetsMinimumRequirements(noneMet)).toBe(false);
  });

  it('counts met criteria', () => {
    expect(countMetCriteria(allMet)).toBe(7);
    expect(countMetCriteria(noneMet)).toBe(0);
    expect(countMetCriteria({ ...noneMet, completionEvidence: true, topicRelevance: true })).toBe(2);
  });
});

const baseEvidence: CriteriaEvidence = {
  topicOverlap: 0.7,
  learningObjectives: 3,
  assessmentMethodCount: 1,
  contactHours: 30,
  modulesOrWeeks: 4,
  hasIssuingOrganization: true,
  hasCompletionEvidence: true,
};

describe('evaluateCriteria', () => {
  it('meets every criterion exactly at the thresholds', () => {
    expect(evaluateCriteria(baseEvidence)).toEqual(allMet);
  });

  it('counts a 70% overlap computed as 7/10 as met', () => {
    expect(evaluateCriteria({ ...baseEvidence, topicOverlap: 7 / 10 }).topicRelevance).toBe(true);
    expect(evaluateCriteria({ ...baseEvidence, topicOverlap: 0.69 }).topicRelevance).toBe(false);
  });

  it('fails each threshold just below it', () => {
    expect(
      evaluateCriteria({
        topicOverlap: 0.5,
        learningObjectives: 2,
        assessmentMethodCount: 0,
        contactHours: 29.5,
        modulesOrWeeks: 3,
        hasIssuingOrganization: false,
        hasCompletionEvidence: false,
      }),
    ).toEqual(noneMet);
  });

  it('treats unknown hours and structure as not met', () => {
    const criteria = evaluateCriteria({ ...baseEvidence, contactHours: null, modulesOrWeeks: null });
    expect(criteria.instructionHours).toBe(false);
    expect(criteria.curriculumStructure).toBe(false);
  });
});

describe('rigorScore', () => {
  it('gives 10 for all criteria and all three depth bonuses', () => {
    const result = rigorScore(allMet, { contactHours: 60, learningObjectives: 6, assessmentCount: 3 });
    expect(result.score).toBe(10);
    expect(result.explanation).toHaveLength(10);
    expect(result.explanation.every((line) => line.startsWith('+1 '))).toBe(true);
  });

  it('gives 7 for all criteria at the minimums', () => {
    const result = rigorScore(allMet, { contactHours: 30, learningObjectives: 3, assessmentCount: 1 });
    expect(result.score).toBe(7);
    expect(result.explanation.slice(7)).toEqual([
      '+0 Depth of instruction: 30 contact hours (60 or more earns a point)',
      '+0 Breadth of objectives: 3 learning objectives (6 or more earns a point)',
      '+0 Variety of assessment: 1 kind(s) of assessment (3 or more earns a point)',
    ]);
  });

  it('gives 0 when nothing is met and nothing is known', () => {
    const result = rigorScore(noneMet, { contactHours: null, learningObjectives: 0, assessmentCount: 0 });
    expect(result.score).toBe(0);
    expect(result.explanation[0]).toBe('+0 Topic relevance: not met');
    expect(result.explanation[7]).toContain('0 contact hours');
  });

  it('explains each criterion in spec order', () => {
    const result = rigorScore(
      { ...allMet, assessmentMethods: false },
      { contactHours: 90, learningObjectives: 2, assessmentCount: 0 },
    );
    expect(result.explanation.slice(0, 7)).toEqual([
      '+1 Topic relevance: met',
      '+1 Learning objectives: met',
      '+0 Assessment methods: not met',
      '+1 Instruction hours: met',
      '+1 Curriculum structure: met',
      '+1 Credential source clarity: met',
      '+1 Completion evidence: met',
    ]);
    expect(result.score).toBe(7);
  });

  it('lets the score be recomputed from the explanation', () => {
    const result = rigorScore(
      { ...noneMet, topicRelevance: true },
      { contactHours: 75, learningObjectives: 8, assessmentCount: 2 },
    );
    const fromLines = result.explanation.filter((line) => line.startsWith('+1')).length;
    expect(result.score).toBe(fromLines);
    expect(result.score).toBe(3);
  });
});
