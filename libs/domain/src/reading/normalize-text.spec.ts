import { normalizeDocumentText } from './normalize-text';

describe('normalizeDocumentText', () => {
  it('unifies line ends and collapses spaces around them', () => {
    expect(normalizeDocumentText('a \r\n  b\rc\t\t d')).toBe('a\nb\nc d');
  });

  it('replaces ligatures, smart quotes, dashes and non-breaking spaces', () => {
    expect(normalizeDocumentText('\ufb01nal \u201cwork\u201d \u2019s 3\u20134\u00a0weeks')).toBe(
      'final "work" \'s 3-4 weeks',
    );
  });

  it('re-joins a word hyphenated across a line break', () => {
    expect(normalizeDocumentText('hours of instruc-\ntion')).toBe('hours of instruction');
  });

  it('keeps a hyphen before a capitalised next line', () => {
    expect(normalizeDocumentText('Smith-\nJones')).toBe('Smith-\nJones');
  });
});
