import { CERTIFICATE, certificatePng, flyerPdf, SYLLABUS_TITLE, syllabusPdf, transcriptDocx } from '../../../test/fixtures';
import { DocumentTextExtractor, UnreadableDocumentError } from './document-text-extractor';
import { OcrService } from './ocr.service';
import { PdfTextReader } from './pdf-text-reader';

describe('DocumentTextExtractor', () => {
  const ocr = new OcrService();
  const pdf = new PdfTextReader();
  const extractor = new DocumentTextExtractor(pdf, ocr);

  afterAll(async () => {
    await ocr.onModuleDestroy();
    await pdf.onModuleDestroy();
  });

  it('reads the text layer of a PDF, page by page', async () => {
    const result = await extractor.extract(await syllabusPdf(), 'syllabus.pdf');
    expect(result).toMatchObject({ kind: 'pdf', method: 'pdf-text', pages: 2 });
    expect(result.text).toContain(SYLLABUS_TITLE);
    expect(result.text).toContain('Week 12: Professional ethics and integration');
  });

  it('reads a DOCX with mammoth', async () => {
    const result = await extractor.extract(await transcriptDocx(), 'transcript.docx');
    expect(result).toMatchObject({ kind: 'docx', method: 'docx' });
    expect(result.text).toContain('Total contact hours: 100');
    expect(result.pages).toBeUndefined();
  });

  it('reads a PNG by OCR, offline', async () => {
    const result = await extractor.extract(await certificatePng(), 'certificate.png');
    expect(result).toMatchObject({ kind: 'png', method: 'ocr' });
    expect(result.text).toContain(CERTIFICATE.recipientName);
    expect(result.text).toContain(CERTIFICATE.completionDateText);
  });

  it('refuses bytes that are no supported document, naming the file', async () => {
    await expect(extractor.extract(Buffer.from('MZ not a document'), 'setup.pdf')).rejects.toThrow(
      new UnreadableDocumentError('setup.pdf is not a PDF, DOC, DOCX, JPG or PNG file'),
    );
  });

  it('reports a damaged PDF as unreadable', async () => {
    const broken = (await flyerPdf()).subarray(0, 200);
    await expect(extractor.extract(broken, 'flyer.pdf')).rejects.toThrow(/^Could not read flyer\.pdf/);
  });
});
