import {
  CERTIFICATE,
  certificatePng,
  compoundFile,
  flyerPdf,
  makeDoc,
  SYLLABUS_PAGES,
  SYLLABUS_TITLE,
  syllabusDoc,
  syllabusPdf,
  transcriptDocx,
} from '../../../test/fixtures';
import { evidenceOf, linesOfText } from '@app/domain';
import { UnreadableDocumentError } from './document-problem';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { layoutImage, scannedPdf } from '../../../test/corpus/layout';
import { TRANSCRIPT_LAYOUT_DOCUMENTS } from '../../../test/corpus/transcript-layouts';
import { DocumentTextExtractor } from './document-text-extractor';
import { DEFAULT_READER_LIMITS } from './reader-limits';
import { ReaderSandbox } from './reader-sandbox';

describe('DocumentTextExtractor', () => {
  const sandbox = new ReaderSandbox();
  const extractor = new DocumentTextExtractor(sandbox);

  afterAll(() => sandbox.onModuleDestroy());

  it('reads the text layer of a PDF, page by page', async () => {
    const result = await extractor.extract(await syllabusPdf(), 'syllabus.pdf');
    expect(result).toMatchObject({ kind: 'pdf', method: 'pdf-text', pages: 2 });
    expect(result.lines?.filter((line) => line.page === 2).map((line) => line.text)).toContain(
      'Week 12: Professional ethics and integration',
    );
    expect(result.text).toContain(SYLLABUS_TITLE);
    expect(result.text).toContain('Week 12: Professional ethics and integration');
  });

  it('reads a DOCX with mammoth', async () => {
    const result = await extractor.extract(await transcriptDocx(), 'transcript.docx');
    expect(result).toMatchObject({ kind: 'docx', method: 'docx' });
    expect(result.text).toContain('Total contact hours: 100');
    expect(result.pages).toBeUndefined();
  });

  it("reads a Word table's rows as lines of tab-separated cells", async () => {
    const result = await extractor.extract(
      await TRANSCRIPT_LAYOUT_DOCUMENTS.find((d) => d.name === 'percentage-table-transcript')!.make(),
      'ashford.docx',
    );
    expect(result.text).toContain('Course Code\tCourse Name\tCredits\tGrade\n');
    expect(result.text).toContain('PSY205\tCognitive Psychology\t4\t91%\n');
  });

  it('starts a cell after a column gap of spaces in a single-run line of a PDF', async () => {
    const result = await extractor.extract(
      await TRANSCRIPT_LAYOUT_DOCUMENTS.find((d) => d.name === 'space-column-transcript')!.make(),
      'record.pdf',
    );
    const row = result.lines?.find((line) => line.text.startsWith('MAT 140'));
    expect(row?.cells.map((c) => c.text)).toEqual(['MAT 140', 'Statistics for the Behavioral Sciences', '4.0', 'W']);
  });

  it('reads a Word 97-2003 DOC with word-extractor, one line a paragraph, page breaks as form feeds', async () => {
    const result = await extractor.extract(syllabusDoc(), 'syllabus.doc');
    expect(result).toMatchObject({ kind: 'doc', method: 'doc' });
    expect(result.pages).toBeUndefined();
    expect(result.text).toBe(`${SYLLABUS_PAGES.map((lines) => lines.join('\n')).join('\n\f')}\n`);
  });

  it("gives a DOC's evidence the page its line is on, counted from the page breaks", async () => {
    const { text } = await extractor.extract(syllabusDoc(), 'syllabus.doc');
    const week12 = linesOfText(text).find((line) => line.text === 'Week 12: Professional ethics and integration');
    expect(week12).toMatchObject({ page: 2 });
    expect(evidenceOf('syllabus.doc', week12!)).toEqual({
      document: 'syllabus.doc',
      page: 2,
      line: SYLLABUS_PAGES[1].indexOf('Week 12: Professional ethics and integration') + 1,
      quote: 'Week 12: Professional ethics and integration',
    });
  });

  it('reads a DOC stored as 8-bit Windows-1252 text, with curly quotes and dashes made plain', async () => {
    const result = await extractor.extract(
      makeDoc('Dr. Siobhán O\u2019Brien \u2013 \u201cParts work\u201d\nFee: 120\u00a3', { encoding: '8-bit' }),
      'notes.doc',
    );
    expect(result.text).toBe('Dr. Siobhán O\'Brien - "Parts work"\nFee: 120£\n');
  });

  it('reads the euro sign of 8-bit DOC text, which word-extractor alone turns into the word undefined', async () => {
    const result = await extractor.extract(makeDoc('Tuition: €1,200 • Œuvre', { encoding: '8-bit' }), 'fees.doc');
    expect(result.text).toBe('Tuition: €1,200 • Œuvre\n');
  });

  it('reads a DOC stored as UTF-16 text, with characters beyond Windows-1252', async () => {
    const result = await extractor.extract(makeDoc('Zoë Ångström\r\nΨυχοσωματική ιατρική\n心身医学'), 'greek.doc');
    expect(result).toMatchObject({
      kind: 'doc',
      method: 'doc',
      text: 'Zoë Ångström\nΨυχοσωματική ιατρική\n心身医学\n',
    });
  });

  it('reports an OLE2 file that is no Word document (a spreadsheet, say) as unreadable, naming it', async () => {
    const workbook = compoundFile({ Workbook: Buffer.from('BIFF8 records') });
    await expect(extractor.extract(workbook, 'budget.doc')).rejects.toThrow(
      'Could not read budget.doc: This Word 97-2003 document could not be read; the file is damaged or is not a Word document.',
    );
  });

  it('reads a scan up to the OCR page limit and says which pages were not read', async () => {
    const tight = new ReaderSandbox({ readers: { ...DEFAULT_READER_LIMITS, pdfMaxOcrPages: 1, processes: 1 } });
    try {
      const result = await new DocumentTextExtractor(tight).extract(await scannedPdf([[], [], []]), 'scan.pdf');
      expect(result).toMatchObject({ kind: 'pdf', method: 'ocr', pages: 3, pagesNotRead: { pages: [2, 3], limit: 1 } });
    } finally {
      await tight.onModuleDestroy();
    }
  });

  it('reads by OCR a page whose text layer is a few words typed over a picture of the rest', async () => {
    // A certificate drawn as one picture, only the recipient's name typed over it as text.
    const picture = layoutImage(
      [
        { text: 'Certificate of Completion', size: 22, center: true },
        null,
        null,
        { text: 'has successfully completed', center: true },
        { text: 'Harbour Sailing Course (12 hours)', center: true },
      ],
      'jpeg',
    );
    const make = async (typed: string): Promise<Buffer> => {
      const pdf = await PDFDocument.create();
      const page = pdf.addPage([612, 792]);
      page.drawImage(await pdf.embedJpg(picture), { x: 0, y: 0, width: 612, height: 792 });
      page.drawText(typed, { x: 250, y: 700, size: 14, font: await pdf.embedFont(StandardFonts.Helvetica) });
      return Buffer.from(await pdf.save());
    };
    const sparse = await extractor.extract(await make('Jane Roe'), 'certificate.pdf');
    expect(sparse.method).toBe('ocr');
    expect(sparse.text).toContain('successfully completed');
    // A page whose text layer says enough keeps it.
    const full = await extractor.extract(
      await make('Jane Roe completed the Harbour Sailing Course on 3 May 2024 with merit'),
      'c.pdf',
    );
    expect(full.method).toBe('pdf-text');
  });

  it('reports no unread pages when every page was read', async () => {
    const result = await extractor.extract(await syllabusPdf(), 'syllabus.pdf');
    expect(result.pagesNotRead).toBeUndefined();
  });

  it('reads a PNG by OCR, offline', async () => {
    const result = await extractor.extract(await certificatePng(), 'certificate.png');
    expect(result).toMatchObject({ kind: 'png', method: 'ocr' });
    expect(result.text).toContain(CERTIFICATE.recipientName);
    expect(result.text).toContain(CERTIFICATE.completionDateText);
  });

  it('refuses bytes that are no supported document, naming the file', async () => {
    await expect(extractor.extract(Buffer.from('MZ not a document'), 'setup.pdf')).rejects.toThrow(
      new UnreadableDocumentError('setup.pdf is not a PDF, DOC, DOCX, JPG or PNG file', 'not_supported'),
    );
  });

  it('reports a damaged PDF as unreadable', async () => {
    const broken = (await flyerPdf()).subarray(0, 200);
    await expect(extractor.extract(broken, 'flyer.pdf')).rejects.toThrow(
      'Could not read flyer.pdf: This PDF could not be read; the file is damaged or incomplete.',
    );
  });
});
