import { creditCalculation, HOURS_CREDIT_RULE, TRANSCRIPT_CREDIT_RULE } from './credit-calculation';

const course = (code: string, title: string, credits: number, overlap: number) => ({
  code,
  title,
  credits,
  overlap,
  originalCourse: 'Trauma Care Certificate',
});

describe('credit rule texts', () => {
  it('state the conversions and the 70% match from the constants', () => {
    expect(HOURS_CREDIT_RULE).toBe('1 quarter credit = 10 contact hours; courses match at 70% topic overlap or more');
    expect(TRANSCRIPT_CREDIT_RULE).toBe(
      'transcript rows in quarter credits: 1 semester credit = 1.5, 1 quarter credit = 1, 10 clock hours = 1, 1 ECTS = 0.75, 1 UK credit = 0.375; F, W and NC earn nothing; a course matches a catalog course at 70% overlap or more',
    );
  });
});

describe('creditCalculation from hours', () => {
  it('converts the hours at 10 to a quarter credit and hands them to the courses at 70% overlap or more', () => {
    const result = creditCalculation({
      contactHours: 36,
      minimumRequirementsMet: true,
      courseOverlaps: [
        course('PSY 200', 'Trauma', 3, 0.857),
        course('PSY 210', 'Grief', 2, 0.7),
        course('PSY 101', 'Intro', 4, 0.69),
      ],
    });
    expect(result).toEqual({
      contactHours: 36,
      creditRule: HOURS_CREDIT_RULE,
      creditsFromHours: 3.6,
      totalCredits: 3.6,
      explanation: '36 contact hours / 10 = 3.6 quarter credits.',
      matchedCourses: [
        { code: 'PSY 200', title: 'Trauma', overlap: 86 },
        { code: 'PSY 210', title: 'Grief', overlap: 70 },
      ],
      // 3.6 credits: 3 to the best match, the 0.6 left to the next.
      courseEquivalencies: [
        { originalCourse: 'Trauma Care Certificate', equivalentCourse: 'PSY 200 Trauma', credits: 3 },
        { originalCourse: 'Trauma Care Certificate', equivalentCourse: 'PSY 210 Grief', credits: 0.6 },
      ],
    });
  });

  it('recommends nothing when the minimum is not met, and says what the hours would have given', () => {
    const result = creditCalculation({
      contactHours: 45,
      minimumRequirementsMet: false,
      courseOverlaps: [course('PSY 200', 'Trauma', 3, 0.9)],
    });
    expect(result).toMatchObject({
      creditsFromHours: 4.5,
      totalCredits: 0,
      explanation:
        '45 contact hours would give 4.5 quarter credits, but the minimum requirements are not met, so none are recommended.',
      matchedCourses: [{ code: 'PSY 200', title: 'Trauma', overlap: 90 }],
      courseEquivalencies: [],
    });
  });

  it('calculates nothing without stated hours', () => {
    expect(creditCalculation({ contactHours: null, minimumRequirementsMet: true, courseOverlaps: [] })).toMatchObject({
      contactHours: null,
      creditsFromHours: 0,
      totalCredits: 0,
      explanation: 'No contact hours are stated, so no credit can be calculated.',
    });
  });
});

describe('creditCalculation from transcripts', () => {
  it("counts the transcripts' earned credits as they stand, whatever the criteria say", () => {
    const equivalency = {
      originalCourse: 'PSY 101 Intro to Psychology',
      equivalentCourse: 'PSY 200 Trauma Care',
      credits: 4.5,
    };
    const result = creditCalculation({
      contactHours: 135,
      minimumRequirementsMet: false,
      courseOverlaps: [course('PSY 210', 'Grief', 2, 0.95)],
      transcriptCredits: 13.5,
      transcriptEquivalencies: [equivalency],
    });
    expect(result).toEqual({
      contactHours: 135,
      creditRule: TRANSCRIPT_CREDIT_RULE,
      creditsFromHours: 13.5,
      totalCredits: 13.5,
      explanation: "The transcripts' earned courses are worth 13.5 quarter credits; 1 of them match a catalog course.",
      matchedCourses: [{ code: 'PSY 200', title: 'Trauma Care', overlap: 100 }],
      courseEquivalencies: [equivalency],
    });
  });

  it('takes a transcript with 0 earned credits as a transcript, not as hours', () => {
    const result = creditCalculation({
      contactHours: 40,
      minimumRequirementsMet: true,
      courseOverlaps: [],
      transcriptCredits: 0,
    });
    expect(result).toMatchObject({ creditRule: TRANSCRIPT_CREDIT_RULE, totalCredits: 0, courseEquivalencies: [] });
  });
});
