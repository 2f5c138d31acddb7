import { PDFDocument, StandardFonts } from 'pdf-lib';

/** A one-page PDF with a text layer. */
export async function samplePdf(text = 'Official transcript'): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([300, 200]);
  page.drawText(text, { x: 20, y: 150, size: 14, font: await pdf.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await pdf.save());
}

/** A 1x1 PNG: the signature, IHDR, one IDAT row, IEND (CRCs as a real encoder writes them). */
export const SAMPLE_PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5dd8b6d0000000049454e44ae426082',
  'hex',
);
