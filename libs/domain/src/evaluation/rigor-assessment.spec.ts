import { HOURS_CREDIT_RULE, TRANSCRIPT_CREDIT_RULE } from '../credit-calculation';
import { assessRigor, calculateCredits } from './rigor-assessment';
import { combined, NO_CERTIFICATE, reading } from './spec-readings';

const TRAUMA = { code: 'PSY 200', title: 'Trauma', credits: 3, overlap: 0.75, originalCourse: 'Trauma Care' };
const ISSUED = { certificateDetails: { ...NO_CERTIFICATE, issuingOrganization: 'Trauma Institute' } };

describe('assessRigor', () => {
  it('judges the seven criteria on the combined figures and meets the minimum with 5 including the mandatory three', () => {
    const result = assessRigor(
      combined({
        contactHours: 36,
        learningObjectives: 4,
        modulesOrWeeks: 2,
        assessmentMethods: ['exam'],
        courseOverlaps: [TRAUMA, { ...TRAUMA, code: 'PSY 300', overlap: 0.5 }],
      }),
      ISSUED,
      [reading('syllabus', 'syllabus', {}), reading('certificate', 'certificate', {})],
    );
    expect(result).toEqual({
      criteria: {
        topicRelevance: true,
        learningObjectives: true,
        assessmentMethods: true,
        instructionHours: true,
        curriculumStructure: false,
        credentialSourceClarity: true,
        completionEvidence: false,
      },
      criteriaMet: 5,
      minimumRequirementsMet: true,
      rigorScore: 5,
      rigorExplanation: [
        '+1 Topic relevance: met',
        '+1 Learning objectives: met',
        '+1 Assessment methods: met',
        '+1 Instruction hours: met',
        '+0 Curriculum structure: not met',
        '+1 Credential source clarity: met',
        '+0 Completion evidence: not met',
        '+0 Depth of instruction: 36 contact hours (60 or more earns a point)',
        '+0 Breadth of objectives: 4 learning objectives (6 or more earns a point)',
        '+0 Variety of assessment: 1 kind(s) of assessment (3 or more earns a point)',
      ],
      // The best course overlap: the first, as they come best first.
      evidence: {
        topicOverlap: 0.75,
        learningObjectives: 4,
        assessmentMethodCount: 1,
        contactHours: 36,
        modulesOrWeeks: 2,
        hasIssuingOrganization: true,
        hasCompletionEvidence: false,
      },
    });
  });

  it('misses the minimum without instruction hours, however many other criteria are met', () => {
    const result = assessRigor(
      combined({
        contactHours: 20,
        learningObjectives: 6,
        modulesOrWeeks: 8,
        assessmentMethods: ['exam', 'quiz', 'project'],
        courseOverlaps: [TRAUMA],
      }),
      ISSUED,
      [reading('syllabus', 'syllabus', {}), reading('certificate', 'certificate', { completionEvidence: true })],
    );
    expect(result.criteria.instructionHours).toBe(false);
    expect(result.criteria.completionEvidence).toBe(true);
    expect(result.criteriaMet).toBe(6);
    expect(result.minimumRequirementsMet).toBe(false);
    // 6 criteria, plus objectives (6+) and assessments (3+); 20 hours earn no depth point.
    expect(result.rigorScore).toBe(8);
  });

  it("judges topic relevance on a transcript course's overlap when it is better than the documents'", () => {
    const result = assessRigor(combined({ transcriptOverlap: 1 }), { certificateDetails: NO_CERTIFICATE }, []);
    expect(result.evidence.topicOverlap).toBe(1);
    expect(result.evidence.hasIssuingOrganization).toBe(false);
    expect(result.criteria.topicRelevance).toBe(true);
    expect(result.criteriaMet).toBe(1);
    expect(result.minimumRequirementsMet).toBe(false);
  });
});

describe('calculateCredits', () => {
  const minimumMet = assessRigor(
    combined({ contactHours: 36, learningObjectives: 4, assessmentMethods: ['exam'], courseOverlaps: [TRAUMA] }),
    ISSUED,
    [],
  );

  it('converts the combined hours when the minimum is met and gives them to the matched courses', () => {
    expect(minimumMet.minimumRequirementsMet).toBe(true);
    expect(calculateCredits(combined({ contactHours: 36, courseOverlaps: [TRAUMA] }), minimumMet)).toEqual({
      contactHours: 36,
      creditRule: HOURS_CREDIT_RULE,
      creditsFromHours: 3.6,
      totalCredits: 3.6,
      explanation: '36 contact hours / 10 = 3.6 quarter credits.',
      matchedCourses: [{ code: 'PSY 200', title: 'Trauma', overlap: 75 }],
      courseEquivalencies: [{ originalCourse: 'Trauma Care', equivalentCourse: 'PSY 200 Trauma', credits: 3 }],
    });
  });

  it("counts a transcript's credits as they stand", () => {
    const equivalency = {
      originalCourse: 'PSY 101 Psychology',
      equivalentCourse: 'PSY 101 General Psychology',
      credits: 4.5,
    };
    const result = calculateCredits(
      combined({ contactHours: 45, transcriptCredits: 4.5, transcriptEquivalencies: [equivalency] }),
      { ...minimumMet, minimumRequirementsMet: false },
    );
    expect(result.creditRule).toBe(TRANSCRIPT_CREDIT_RULE);
    expect(result.totalCredits).toBe(4.5);
    expect(result.courseEquivalencies).toEqual([equivalency]);
  });
});
