import type { CourseEquivalency } from '@app/contracts';
import { allocateEquivalencyCredits, recommendedCredits } from './credential-analysis';
import { TOPIC_OVERLAP_MINIMUM } from './criteria';
import { CONTACT_HOURS_PER_QUARTER_CREDIT, quarterCreditsFromHours } from './credits';
import { QUARTER_CREDITS_PER_UNIT } from './reading/credit-system';
import { meetsTopicOverlap } from './topic-overlap';

/** A catalog course the credential matches; overlap in whole percent. */
export interface MatchedCourse {
  code: string;
  title: string;
  overlap: number;
}

/** Phase 4's result: the recommended quarter credits, the rule used, and the courses they count towards. */
export interface CreditCalculation {
  contactHours: number | null;
  creditRule: string;
  creditsFromHours: number;
  totalCredits: number;
  explanation: string;
  matchedCourses: MatchedCourse[];
  courseEquivalencies: CourseEquivalency[];
}

export interface CreditCalculationInput {
  /** The credential's contact hours (the largest any document states), or null when none is stated. */
  contactHours: number | null;
  /** Whether the seven criteria's minimum is met (criteria.ts). */
  minimumRequirementsMet: boolean;
  /** Every catalog course with its topic overlap (0..1) and the document title that covers it best, best first. */
  courseOverlaps: readonly {
    code: string;
    title: string;
    credits: number;
    overlap: number;
    originalCourse: string;
  }[];
  /** Quarter credits of the transcripts' earned rows; null or absent without a transcript that lists courses. */
  transcriptCredits?: number | null;
  /** Each transcript course matched to a catalog course. */
  transcriptEquivalencies?: readonly CourseEquivalency[];
}

const percent = (overlap: number): number => Math.round(overlap * 100);

const MATCH_RULE = `${percent(TOPIC_OVERLAP_MINIMUM)}% topic overlap or more`;

export const HOURS_CREDIT_RULE = `1 quarter credit = ${CONTACT_HOURS_PER_QUARTER_CREDIT} contact hours; courses match at ${MATCH_RULE}`;

const Q = QUARTER_CREDITS_PER_UNIT;
export const TRANSCRIPT_CREDIT_RULE =
  `transcript rows in quarter credits: 1 semester credit = ${Q.semester}, 1 quarter credit = ${Q.quarter}, ` +
  `${CONTACT_HOURS_PER_QUARTER_CREDIT} clock hours = 1, 1 ECTS = ${Q.ects}, 1 UK credit = ${Q.uk}; ` +
  `F, W and NC earn nothing; a course matches a catalog course at ${percent(TOPIC_OVERLAP_MINIMUM)}% overlap or more`;

/**
 * The credits a credential is worth. A transcript is the institution's own record of courses completed and credits
 * earned, so its earned rows count as they stand; the seven-criteria minimum is for the other credentials (a
 * certificate or a syllabus), whose hours need the evaluation's judgment: their hours convert at 10 to a quarter
 * credit, and the credits go to the courses they match, best match first.
 */
export function creditCalculation(input: CreditCalculationInput): CreditCalculation {
  if (input.transcriptCredits !== null && input.transcriptCredits !== undefined) return fromTranscripts(input);
  const hours = input.contactHours;
  const creditsFromHours = hours === null ? 0 : quarterCreditsFromHours(hours);
  const totalCredits = recommendedCredits(hours, input.minimumRequirementsMet);
  const matches = input.courseOverlaps.filter((c) => meetsTopicOverlap(c.overlap));
  const explanation =
    hours === null
      ? 'No contact hours are stated, so no credit can be calculated.'
      : input.minimumRequirementsMet
        ? `${hours} contact hours / ${CONTACT_HOURS_PER_QUARTER_CREDIT} = ${totalCredits} quarter credits.`
        : `${hours} contact hours would give ${creditsFromHours} quarter credits, but the minimum requirements are not met, so none are recommended.`;
  return {
    contactHours: hours,
    creditRule: HOURS_CREDIT_RULE,
    creditsFromHours,
    totalCredits,
    explanation,
    matchedCourses: matches.map((c) => ({ code: c.code, title: c.title, overlap: percent(c.overlap) })),
    courseEquivalencies: allocateEquivalencyCredits(
      matches.map((c) => ({
        originalCourse: c.originalCourse,
        equivalentCourse: `${c.code} ${c.title}`,
        courseCredits: c.credits,
      })),
      totalCredits,
    ),
  };
}

function fromTranscripts(input: CreditCalculationInput): CreditCalculation {
  const total = input.transcriptCredits ?? 0;
  const equivalencies = [...(input.transcriptEquivalencies ?? [])];
  return {
    contactHours: input.contactHours,
    creditRule: TRANSCRIPT_CREDIT_RULE,
    creditsFromHours: total,
    totalCredits: total,
    explanation: `The transcripts' earned courses are worth ${total} quarter credits; ${equivalencies.length} of them match a catalog course.`,
    // An equivalent course reads 'PSY 200 Title': the catalog code is its first two words.
    matchedCourses: equivalencies.map((e) => ({
      code: e.equivalentCourse.split(' ').slice(0, 2).join(' '),
      title: e.equivalentCourse.split(' ').slice(2).join(' '),
      overlap: 100,
    })),
    courseEquivalencies: equivalencies,
  };
}
