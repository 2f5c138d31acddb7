import { certificatePng, CERTIFICATE, syllabusPdf } from '../../../test/fixtures';
import { undecodableJpeg, zipBombDocx } from '../../../test/fixtures/hostile-documents';
import { DEFAULT_READER_LIMITS } from './reader-limits';
import { ReaderSandbox, ReadersStoppingError, ReadFailedError } from './reader-sandbox';

describe('ReaderSandbox', () => {
  const sandbox = new ReaderSandbox({ readers: { ...DEFAULT_READER_LIMITS, processes: 1 } });
  afterAll(() => sandbox.onModuleDestroy());

  it('kills a read that outlasts its time limit, and reads the next one in a fresh process', async () => {
    const bytes = await syllabusPdf();
    // No process starts, loads pdf.js and parses a PDF within a millisecond: this read always times out.
    sandbox.limits.timeoutMs = 1;
    await expect(sandbox.read('pdf', bytes)).rejects.toMatchObject({
      reason: 'Reading this document took longer than 0.001 seconds, the limit; it cannot be read.',
    });

    sandbox.limits.timeoutMs = DEFAULT_READER_LIMITS.timeoutMs;
    const result = await sandbox.read('pdf', bytes);
    expect(result.pages).toHaveLength(2);
    expect(result.pages?.[1]?.text).toContain('Week 12: Professional ethics and integration');
  });

  it('reads several PDFs at once, and the reader process survives each document being released', async () => {
    const bytes = await syllabusPdf();
    const results = await Promise.all([
      sandbox.read('pdf', bytes),
      sandbox.read('pdf', bytes),
      sandbox.read('pdf', bytes),
    ]);
    expect(results.map((result) => result.pages?.length)).toEqual([2, 2, 2]);
    expect((await sandbox.read('pdf', bytes)).text).toContain('Week 12: Professional ethics and integration');
  });

  it('fails a read that exhausts the memory cap, and no other', async () => {
    // With the unpacked-size check out of the way, mammoth parses 300 MB of XML in a 128 MB heap.
    const bomb = await zipBombDocx(300);
    const small = new ReaderSandbox({
      readers: { ...DEFAULT_READER_LIMITS, memoryMb: 128, docxMaxUncompressedBytes: 2 ** 31 },
    });
    try {
      await expect(small.read('docx', bomb)).rejects.toMatchObject({
        reason: 'Reading this document needs more memory than the 128 MB a reader may use; it cannot be read.',
      });
      expect((await small.read('pdf', await syllabusPdf())).text).toContain('Week 12');
    } finally {
      await small.onModuleDestroy();
    }
  });

  it('answers an error thrown outside the OCR promise chain as that image unreadable, and reads the next image', async () => {
    await expect(sandbox.read('image', undecodableJpeg())).rejects.toMatchObject({
      reason: 'This image could not be read; the file is damaged or incomplete.',
    });
    expect((await sandbox.read('image', await certificatePng())).text).toContain(CERTIFICATE.recipientName);
  });

  it('refuses a document with more text than the analysis takes', async () => {
    const tight = new ReaderSandbox({ readers: { ...DEFAULT_READER_LIMITS, maxTextChars: 100 } });
    try {
      await expect(tight.read('pdf', await syllabusPdf())).rejects.toMatchObject({
        reason: expect.stringMatching(
          /^This document has too much text to analyze \([\d,]+ characters; at most 100\)\.$/,
        ),
      });
    } finally {
      await tight.onModuleDestroy();
    }
  });

  it('refuses a zip whose central directory declares more than the unpacked limit, before inflating it', async () => {
    await expect(sandbox.read('docx', await zipBombDocx(150))).rejects.toMatchObject({
      reason: 'This document is too large once unpacked (more than 100 MB); it cannot be read.',
    });
  });
  it('fails a read in flight at shutdown as the readers stopping, not as the document damaged', async () => {
    const stopping = new ReaderSandbox({ readers: { ...DEFAULT_READER_LIMITS, processes: 1 } });
    const read = stopping.read('pdf', await syllabusPdf());
    await stopping.onModuleDestroy();
    const error: unknown = await read.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ReadersStoppingError);
    expect(error).not.toBeInstanceOf(ReadFailedError);
  });

  it('fails a read whose reader could not be reached as a fault of ours, not as the document damaged', async () => {
    const unreachable = new ReaderSandbox({ readers: { ...DEFAULT_READER_LIMITS, processes: 1 } });
    try {
      const read = unreachable.read('pdf', await syllabusPdf());
      // What a failed IPC send does to the process carrying the read.
      const internals = unreachable as unknown as { hosts: Set<unknown>; kill(host: unknown, why: string): void };
      for (const host of internals.hosts) internals.kill(host, 'unreachable');
      const error: unknown = await read.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      expect(error).not.toBeInstanceOf(ReadFailedError);
    } finally {
      await unreachable.onModuleDestroy();
    }
  });
});
