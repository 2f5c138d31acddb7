import { findLearningObjectives } from './learning-objectives';

describe('findLearningObjectives', () => {
  it('counts bullets under a Learning Objectives heading', () => {
    const text = `Course Overview
An introduction.

Learning Objectives
- Describe the mind-body connection
- Identify somatic symptoms
- Apply three regulation techniques

Schedule
Week 1: Intro`;
    expect(findLearningObjectives(text)).toBe(3);
  });

  it('counts numbered outcomes after an intro line and skips wrapped lines', () => {
    const text = `LEARNING OUTCOMES:
Upon completion, participants will be able to:
1. Explain parts theory and
the role of protectors
2) Conduct an intake
3. Recognise contraindications
4. Document sessions
Assessment
Quizzes`;
    expect(findLearningObjectives(text)).toBe(4);
  });

  it('accepts many bullet glyphs and lettered items', () => {
    const text = 'Objectives:\n• one\n● two\n▪ three\na) four\n(b) five\n* six\n';
    expect(findLearningObjectives(text)).toBe(6);
  });

  it('treats "students will be able to:" as a heading of its own', () => {
    const text = 'By the end of this course students will be able to:\n- list\n- apply\n';
    expect(findLearningObjectives(text)).toBe(2);
  });

  it('adds up several objective sections', () => {
    const text = 'Module 1 Objectives\n- a1\n- a2\nReading\nModule 2 Objectives\n- b1\n- b2\n- b3\n';
    expect(findLearningObjectives(text)).toBe(5);
  });

  it('allows blank lines between items', () => {
    expect(findLearningObjectives('Course Goals\n\n- one\n\n- two\n\n- three\n')).toBe(3);
  });

  it('counts standalone "students will be able to" sentences', () => {
    const text =
      'Students will be able to describe stress. Students will be able to apply grounding. Participants will be able to reflect on practice.';
    expect(findLearningObjectives(text)).toBe(3);
  });

  it('takes the larger of the list count and the sentence count without double counting', () => {
    const text = 'Objectives\n1. Students will be able to describe X\n2. Students will be able to apply Y\n';
    expect(findLearningObjectives(text)).toBe(2);
  });

  it('finds nothing without objectives', () => {
    expect(findLearningObjectives('Week 1: Intro\n- reading\n- discussion')).toBe(0);
    expect(findLearningObjectives('Learning Objectives: see the handbook.')).toBe(0);
    expect(findLearningObjectives('')).toBe(0);
  });

  it('stops the list at the next heading', () => {
    expect(findLearningObjectives('Objectives\n- a\n- b\nGrading Policy\n- 50% exam\n- 50% paper\n')).toBe(2);
  });

  it('counts outcomes written as unbulleted paragraphs under the heading', () => {
    const text = [
      'Course Learning Outcomes',
      'Students can analyze a programming problem using the basics of programming:',
      'actions (input, processing, output)',
      'control structures (selection, repetition)',
      'Students will increase their problem solving skills.',
      'Students will increase their communication skills.',
      'Performance Evaluation',
    ].join('\n');
    expect(findLearningObjectives(text)).toBe(3);
  });

  it('does not count a prose paragraph under the heading', () => {
    expect(
      findLearningObjectives(
        'Learning goals:\nThe course content emphasizes a deeper understanding of fewer concepts.',
      ),
    ).toBe(0);
  });
});
