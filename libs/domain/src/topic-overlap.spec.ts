import { matchCourses, meetsTopicOverlap, normalizeTopic, topicOverlap, type CatalogCourse } from './topic-overlap';

describe('normalizeTopic', () => {
  it.each([
    ['Cognitive Behavioral Therapy', 'cognitive behavioral therapy'],
    ['  Trauma-Informed   Care!! ', 'trauma informed care'],
    ['Theories of Personality', 'theory of personality'],
    ['Ethics & Boundaries', 'ethic boundary'],
    ['Stress, Emotions; Disorders.', 'stress emotion disorder'],
    ['Class Analysis of Stimulus', 'class analysis of stimulus'],
    ['DSM-5 Criteria', 'dsm 5 criteria'],
    ['', ''],
  ])('%p becomes %p', (input, output) => {
    expect(normalizeTopic(input)).toBe(output);
  });

  it('maps singular and plural to the same form', () => {
    expect(normalizeTopic('Boundaries')).toBe(normalizeTopic('boundary'));
    expect(normalizeTopic('Emotions')).toBe(normalizeTopic('emotion'));
  });
});

describe('topicOverlap', () => {
  const topics = ['Mind-body connection', 'Stress response', 'Somatic symptoms', 'Ethics', 'Case formulation'];

  it('is 1 when every topic appears', () => {
    const text =
      'We study the mind/body connection, the stress response, somatic symptom patterns, ethics and case formulation.';
    expect(topicOverlap(topics, text)).toBe(1);
  });

  it('is the fraction of topics found', () => {
    expect(topicOverlap(topics, 'Ethics of the stress response in practice')).toBeCloseTo(0.4);
  });

  it('needs every significant word of a topic', () => {
    expect(topicOverlap(['Case formulation'], 'a case study')).toBe(0);
  });

  it('finds words in any order and any case', () => {
    expect(topicOverlap(['Stress Response'], 'RESPONSES TO STRESS')).toBe(1);
  });

  it('ignores stop words inside topics', () => {
    expect(topicOverlap(['Theories of the Mind'], 'mind theory')).toBe(1);
  });

  it('accepts a list of document topics', () => {
    expect(topicOverlap(['Ethics', 'Attachment'], ['Professional ethics', 'Family systems'])).toBe(0.5);
  });

  it('ignores topics made only of stop words', () => {
    expect(topicOverlap(['The', 'Ethics'], 'ethics')).toBe(1);
  });

  it('is 0 for no topics or an empty document', () => {
    expect(topicOverlap([], 'anything')).toBe(0);
    expect(topicOverlap(['Ethics'], '')).toBe(0);
  });

  it('does not match a word by prefix', () => {
    expect(topicOverlap(['Ethics'], 'metaethical')).toBe(0);
  });
});

describe('meetsTopicOverlap', () => {
  it.each([
    [0.7, true],
    [7 / 10, true],
    [0.1 * 7, true],
    [0.69, false],
    [1, true],
    [0, false],
  ])('%p meets 70%%: %p', (overlap, meets) => {
    expect(meetsTopicOverlap(overlap)).toBe(meets);
  });

  it('takes another minimum', () => {
    expect(meetsTopicOverlap(0.5, 0.5)).toBe(true);
    expect(meetsTopicOverlap(0.5, 0.6)).toBe(false);
  });
});

describe('matchCourses', () => {
  const catalog: CatalogCourse[] = [
    { code: 'PSY 210', title: 'Stress and Health', topics: ['Stress', 'Health', 'Coping'], hours: 30, credits: 3 },
    { code: 'PSY 101', title: 'Intro', topics: ['Memory', 'Learning', 'Perception', 'Emotion'], hours: 40, credits: 4 },
    { code: 'PSY 200', title: 'Coping', topics: ['Coping', 'Stress', 'Resilience'], hours: 30, credits: 3 },
    { code: 'PSY 300', title: 'Other', topics: ['Neuroanatomy'], hours: 30, credits: 3 },
  ];
  const text = 'Module 1: stress and coping. Module 2: health behaviours and resilience. Memory and learning basics.';

  it('keeps courses at or above 70% and sorts by overlap, then code', () => {
    const matches = matchCourses(catalog, text);
    expect(matches.map((m) => [m.course.code, m.overlap])).toEqual([
      ['PSY 200', 1],
      ['PSY 210', 1],
    ]);
  });

  it('takes a lower minimum', () => {
    expect(matchCourses(catalog, text, 0.5).map((m) => m.course.code)).toEqual(['PSY 200', 'PSY 210', 'PSY 101']);
  });

  it('returns none for unrelated text', () => {
    expect(matchCourses(catalog, 'Accounting principles')).toEqual([]);
  });

  it('keeps the caller’s course objects', () => {
    expect(matchCourses(catalog, text)[0]?.course).toBe(catalog[2]);
  });
});
