import { reviewReason } from './uncertain-words';

const line = { document: 'c.png', page: 1, line: 6, quote: 'representing approximately 300 hours of' };

describe('reviewReason', () => {
  it('marks a value OCR read with low confidence', () => {
    expect(reviewReason(line, 300, [{ page: 1, word: '300', confidence: 46 }])).toBe(
      'read by OCR with low confidence (46%): check it against the document',
    );
  });

  it('leaves a value read plainly, or a doubtful word elsewhere', () => {
    expect(reviewReason(line, 300, [{ page: 1, word: '300', confidence: 93 }])).toBeUndefined();
    expect(reviewReason(line, 300, [{ page: 2, word: '300', confidence: 40 }])).toBeUndefined();
    expect(reviewReason(line, 300, [{ page: 1, word: 'i', confidence: 5 }])).toBeUndefined();
  });
});
