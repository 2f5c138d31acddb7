import { syllabusPdf } from '../../../test/fixtures';
import { PdfTextReader } from './pdf-text-reader';

describe('PdfTextReader', () => {
  const reader = new PdfTextReader();
  afterAll(() => reader.onModuleDestroy());

  it('gives up on a read that outlasts its timeout, and reads the next one on a fresh thread', async () => {
    const bytes = await syllabusPdf();
    // No thread starts, loads pdf.js and parses a PDF within a millisecond: this read always times out.
    reader.timeoutMs = 1;
    await expect(reader.read(bytes)).rejects.toThrow('the PDF could not be read within 0.001 seconds');

    reader.timeoutMs = 60_000;
    const result = await reader.read(bytes);
    expect(result.pages).toBe(2);
    expect(result.text).toContain('Week 12: Professional ethics and integration');
  });

  it('reads several PDFs at once on one thread, and the thread survives each document being released', async () => {
    const bytes = await syllabusPdf();
    const results = await Promise.all([reader.read(bytes), reader.read(bytes), reader.read(bytes)]);
    expect(results.map((result) => result.pages)).toEqual([2, 2, 2]);
    // A read after the batch still answers: releasing a document did not take the thread down.
    expect((await reader.read(bytes)).text).toContain('Week 12: Professional ethics and integration');
  });
});
