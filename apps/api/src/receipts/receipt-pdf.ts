import type { ReceiptDocument } from '@app/contracts';
import { receiptLines, receiptTitle } from '@app/domain';
import { PDFDocument, StandardFonts, rgb, type PDFFont } from 'pdf-lib';

/** The standard PDF fonts encode WinAnsi only: another character (a name in another script) prints as '?'. */
function printable(font: PDFFont, text: string): string {
  const supported = new Set(font.getCharacterSet());
  return Array.from(text.normalize('NFC'))
    .map((char) => (supported.has(char.codePointAt(0) ?? 0) ? char : '?'))
    .join('');
}

/** Splits a value into lines no wider than `width` points. */
function wrap(font: PDFFont, size: number, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines.length ? lines : [''];
}

/** A one-page A4 receipt (or credit note) made with pdf-lib, with the lines `receiptLines` gives the HTML page too. */
export async function receiptPdf(receipt: ReceiptDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${receiptTitle(receipt.kind)} ${receipt.number}`);
  pdf.setAuthor(receipt.seller.name);
  pdf.setCreationDate(new Date(receipt.issuedAt));
  pdf.setModificationDate(new Date(receipt.issuedAt));
  const page = pdf.addPage([595.28, 841.89]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const left = 56;
  let y = 780;
  page.drawText(printable(bold, `${receiptTitle(receipt.kind)} ${receipt.number}`), {
    x: left,
    y,
    size: 20,
    font: bold,
    color: rgb(0.06, 0.3, 0.3),
  });
  y -= 22;
  page.drawText(printable(regular, receipt.seller.name), { x: left, y, size: 11, font: regular });
  y -= 36;
  for (const [label, value] of receiptLines(receipt)) {
    page.drawText(printable(bold, label), { x: left, y, size: 10, font: bold });
    for (const line of wrap(regular, 10, printable(regular, value), 330)) {
      page.drawText(line, { x: left + 150, y, size: 10, font: regular });
      y -= 15;
    }
    y -= 5;
  }
  y -= 20;
  const footer =
    receipt.kind === 'credit-note'
      ? 'This credit note records a refund to the card of the original payment.'
      : 'Thank you for your payment. Keep this receipt for your records.';
  page.drawText(footer, { x: left, y, size: 9, font: regular, color: rgb(0.3, 0.3, 0.3) });
  return pdf.save();
}
