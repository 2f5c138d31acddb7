import { ASSESSMENT_METHODS, findAssessmentMethods } from './assessment-methods';

describe('findAssessmentMethods', () => {
  it('finds distinct methods in a fixed order', () => {
    const text =
      'Grading: weekly quizzes (20%), a midterm exam (20%), a research paper, two case studies, a final project and a portfolio. Quiz 1.';
    expect(findAssessmentMethods(text)).toEqual([
      'exam',
      'quiz',
      'paper',
      'project',
      'case study',
      'portfolio',
      'midterm',
      'final',
    ]);
  });

  it('recognises plural and variant spellings', () => {
    expect(findAssessmentMethods('Examinations, Essays, Presentations, Practica, Assignments, Mid-term')).toEqual([
      'exam',
      'essay',
      'presentation',
      'practicum',
      'assignment',
      'midterm',
    ]);
  });

  it('is case-insensitive', () => {
    expect(findAssessmentMethods('CASE STUDY AND PRACTICUM')).toEqual(['case study', 'practicum']);
  });

  it('does not count "final" on its own', () => {
    expect(findAssessmentMethods('In the final week we review.')).toEqual([]);
  });

  it('counts "finals"', () => {
    expect(findAssessmentMethods('Finals are in June')).toEqual(['final']);
  });

  it('does not match inside other words', () => {
    expect(findAssessmentMethods('The projector and the examiner')).toEqual([]);
  });

  it('can name every method', () => {
    expect(ASSESSMENT_METHODS).toHaveLength(12);
  });
});
