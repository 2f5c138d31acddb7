import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  PDFString,
  PDFHexString,
  StandardFonts,
  decodePDFRawStream,
  rgb,
} from 'pdf-lib';
import QRCode from 'qrcode';
import { formatHours, type OpenBadgeCredential } from '@app/domain';
import type { CredentialFacts } from '@app/contracts';
import { envelope } from './credential-jose';

export const ATTACHMENT_NAME = 'credential.json';

/** The standard fonts speak WinAnsi: other letters lose their accents (é → e) or become '?'. */
function winAnsi(text: string): string {
  return [...text.normalize('NFC')]
    .map((ch) => {
      const code = ch.codePointAt(0) ?? 63;
      if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)) return ch;
      const plain = ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      return /^[\x20-\x7e]+$/.test(plain) ? plain : '?';
    })
    .join('');
}

function longDate(day: string): string {
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime())
    ? day
    : date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/**
 * The landscape certificate (or report) with its QR code to /verify/{id}, carrying the signed credential as an
 * embedded file (`credential.json`, the EnvelopedVerifiableCredential), so the PDF alone can be verified.
 */
export async function certificatePdf(input: {
  facts: CredentialFacts;
  credential: OpenBadgeCredential | Record<string, unknown>;
  jws: string;
  verifyUrl: string;
  signerTitle: string | null;
}): Promise<Uint8Array> {
  const { facts } = input;
  const pdf = await PDFDocument.create();
  pdf.setTitle(
    winAnsi(
      `${facts.kind === 'completion' ? 'Certificate of completion' : 'Evaluation report'} ${facts.certificateNumber}`,
    ),
  );
  pdf.setAuthor(winAnsi(facts.issuerName));
  pdf.setSubject(facts.certificateNumber);
  pdf.setCreator(winAnsi(facts.issuerName));
  const page = pdf.addPage([792, 612]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const teal = rgb(0.06, 0.46, 0.43);
  const slate = rgb(0.2, 0.25, 0.33);
  page.drawRectangle({ x: 24, y: 24, width: 744, height: 564, borderColor: teal, borderWidth: 3 });
  const centered = (text: string, y: number, size: number, font = regular, color = slate) => {
    const safe = winAnsi(text);
    const width = font.widthOfTextAtSize(safe, size);
    page.drawText(safe, { x: Math.max(40, (792 - width) / 2), y, size, font, color, maxWidth: 712 });
  };
  centered(facts.issuerName, 540, 16, bold, teal);
  if (facts.kind === 'completion') {
    centered('Certificate of Completion', 480, 34, bold);
    centered('This certifies that', 440, 14);
    centered(facts.recipientName, 400, 30, bold, teal);
    centered(`has completed the training`, 365, 14);
    centered(facts.title, 335, 22, bold);
    centered(
      `${formatHours(facts.contactHours ?? 0)} contact hours, completed on ${longDate(facts.awardedOn)}`,
      300,
      14,
    );
  } else {
    centered('Course-by-course Evaluation Report', 490, 28, bold);
    centered(`${facts.recipientName}: ${facts.title}`, 455, 16, bold, teal);
    centered(`${facts.credits ?? 0} quarter credits awarded, verified on ${longDate(facts.awardedOn)}`, 430, 13);
    let y = 400;
    for (const course of facts.courses.slice(0, 12)) {
      const line = `${course.title}: ${course.credits} credits${course.grade ? `, grade ${course.grade}` : ''}${course.equivalency ? ` (equivalent: ${course.equivalency})` : ''}`;
      page.drawText(winAnsi(line).slice(0, 110), { x: 60, y, size: 10, font: regular, color: slate });
      y -= 14;
    }
    if (facts.courses.length > 12) {
      page.drawText(`and ${facts.courses.length - 12} more courses: see the signed credential`, {
        x: 60,
        y,
        size: 10,
        font: regular,
        color: slate,
      });
      y -= 14;
    }
    const criteria = facts.criteria.map((c) => `${c.name}: ${c.met ? 'met' : 'not met'}`).join('; ');
    page.drawText(winAnsi(criteria).slice(0, 160), {
      x: 60,
      y: Math.min(y - 6, 250),
      size: 8,
      font: regular,
      color: slate,
      maxWidth: 500,
      lineHeight: 10,
    });
  }
  page.drawLine({ start: { x: 90, y: 150 }, end: { x: 330, y: 150 }, thickness: 1, color: slate });
  page.drawText(winAnsi(facts.signerName ?? ''), { x: 90, y: 132, size: 12, font: bold, color: slate });
  if (input.signerTitle && facts.kind === 'completion') {
    page.drawText(winAnsi(input.signerTitle), { x: 90, y: 116, size: 10, font: regular, color: slate });
  }
  page.drawText(`Certificate number ${facts.certificateNumber}`, {
    x: 90,
    y: 80,
    size: 10,
    font: regular,
    color: slate,
  });
  page.drawText(`Issued ${longDate(facts.issuedAt)}`, { x: 90, y: 66, size: 10, font: regular, color: slate });
  page.drawText(winAnsi(`Verify: ${input.verifyUrl}`), { x: 90, y: 52, size: 8, font: regular, color: slate });
  const qr = await QRCode.toBuffer(input.verifyUrl, { type: 'png', margin: 1, width: 240, errorCorrectionLevel: 'M' });
  const image = await pdf.embedPng(qr);
  page.drawImage(image, { x: 600, y: 50, width: 120, height: 120 });
  page.drawText('Scan to verify', { x: 622, y: 40, size: 9, font: regular, color: slate });
  await pdf.attach(new TextEncoder().encode(JSON.stringify(envelope(input.jws), null, 2)), ATTACHMENT_NAME, {
    mimeType: 'application/json',
    description: 'Signed Open Badges 3.0 credential (VC-JOSE, EdDSA)',
  });
  return pdf.save();
}

function nameText(value: unknown): string | null {
  if (value instanceof PDFString || value instanceof PDFHexString) return value.decodeText();
  return null;
}

/** The embedded files of a PDF by name (pdf-lib writes them; it has no reader, so the name tree is walked here). */
export async function pdfAttachments(bytes: Uint8Array): Promise<Map<string, Uint8Array>> {
  const found = new Map<string, Uint8Array>();
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true });
  const names = pdf.catalog.lookupMaybe(PDFName.of('Names'), PDFDict);
  const embedded = names?.lookupMaybe(PDFName.of('EmbeddedFiles'), PDFDict);
  if (!embedded) return found;
  const visit = (node: PDFDict, depth: number) => {
    if (depth > 16) return;
    const pairs = node.lookupMaybe(PDFName.of('Names'), PDFArray);
    if (pairs) {
      for (let i = 0; i + 1 < pairs.size(); i += 2) {
        const name = nameText(pairs.lookup(i));
        const spec = pairs.lookup(i + 1);
        if (!name || !(spec instanceof PDFDict)) continue;
        const ef = spec.lookupMaybe(PDFName.of('EF'), PDFDict);
        const stream = ef?.lookup(PDFName.of('F'));
        if (stream instanceof PDFRawStream) found.set(name, decodePDFRawStream(stream).decode());
      }
    }
    const kids = node.lookupMaybe(PDFName.of('Kids'), PDFArray);
    if (kids)
      for (let i = 0; i < kids.size(); i += 1) {
        const kid = kids.lookup(i);
        if (kid instanceof PDFDict) visit(kid, depth + 1);
      }
  };
  visit(embedded, 0);
  return found;
}

/** The signed credential a PDF of ours carries, as text; null when it has none. */
export async function attachedCredential(bytes: Uint8Array): Promise<string | null> {
  try {
    const file = (await pdfAttachments(bytes)).get(ATTACHMENT_NAME);
    return file ? new TextDecoder().decode(file) : null;
  } catch {
    return null;
  }
}
