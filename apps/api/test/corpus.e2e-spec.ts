import { quoteHoldsNumber } from '@app/domain';
import { CorpusRunner } from '../eval/run-corpus';
import { actualOf } from '../eval/score';
import { CORPUS, readGold } from './corpus/documents';

/**
 * A representative part of the development corpus read end to end by the real readers (unpdf, mammoth, tesseract)
 * must give exactly its gold fields; npm run eval:accuracy scores the whole corpus.
 */
describe('development corpus', () => {
  const runner = new CorpusRunner();
  afterAll(() => runner.close());

  it.each([
    'semester-transcript',
    'quarter-transcript',
    'clock-hour-transcript',
    'ects-transcript',
    'two-page-transcript',
    'syllabus-modules',
    'course-description-doc',
    'certificate-scan',
    'space-column-transcript',
    'side-by-side-transcript',
    'attempted-earned-transcript',
    'paragraph-quarter-transcript',
    'percentage-table-transcript',
  ])(
    '%s reads to its gold file',
    async (name) => {
      const document = CORPUS.find((d) => d.name === name);
      if (!document) throw new Error(`no corpus document ${name}`);
      const outcome = await runner.run(document);
      const gold = readGold(name);
      const actual = actualOf(outcome);
      expect(actual).toMatchObject({ ...gold, transcript: gold.transcript ?? undefined });
      for (const course of outcome.reading.signals.transcript?.courses ?? []) {
        expect(course.evidence).toMatchObject({
          document: document.fileName,
          page: expect.any(Number),
          line: expect.any(Number),
        });
        // The title's words, in the row's line (a wrapped title goes on in the lines under it, which the quote holds).
        for (const word of course.title.split(/\s+/)) expect(course.evidence.quote).toContain(word);
        // Every course row's quote holds its credits as a figure (never a digit of a date); a row without credits says why.
        if (course.credits === null) expect(course.creditsAbsent).toEqual(expect.any(String));
        else expect(quoteHoldsNumber(course.evidence.quote, course.credits)).toBe(true);
      }
    },
    120_000,
  );
});
