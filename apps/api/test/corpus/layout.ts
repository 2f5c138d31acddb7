import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/**
 * Page layouts for the development corpus. A page is a list of rows top to bottom: a string is a line at the left
 * margin, an array is a table row of [x, text] cells, null is a blank line. The same layout is written as a text PDF
 * (pdf-lib, one text run per cell, as registrars' systems export them) or drawn as pixels (@napi-rs/canvas) for
 * scans and photographs.
 */
export type Row = string | readonly (readonly [number, string])[] | null;
export interface Styled {
  text: string;
  size?: number;
  bold?: boolean;
  center?: boolean;
}
export type Page = readonly (Row | Styled)[];

const WIDTH = 612;
const HEIGHT = 792;
const MARGIN = 50;
const SIZE = 10;
const LEADING = 15;

function styled(row: Row | Styled): row is Styled {
  return row !== null && typeof row === 'object' && !Array.isArray(row);
}

/** A text PDF: every cell its own text run at its x, so the reader must rebuild rows from positions. */
export async function layoutPdf(pages: readonly Page[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  for (const rows of pages) {
    const page = pdf.addPage([WIDTH, HEIGHT]);
    let y = HEIGHT - MARGIN;
    for (const row of rows) {
      if (styled(row)) {
        const size = row.size ?? SIZE;
        const font = row.bold ? bold : regular;
        const x = row.center ? (WIDTH - font.widthOfTextAtSize(row.text, size)) / 2 : MARGIN;
        page.drawText(row.text, { x, y, size, font });
        y -= Math.max(LEADING, size + 6);
      } else if (typeof row === 'string') {
        page.drawText(row, { x: MARGIN, y, size: SIZE, font: regular });
        y -= LEADING;
      } else if (row === null) {
        y -= LEADING;
      } else {
        for (const [x, text] of row) page.drawText(text, { x, y, size: SIZE, font: regular });
        y -= LEADING;
      }
    }
  }
  return Buffer.from(await pdf.save());
}

export interface ImageOptions {
  /** Pixels per PDF point: 2.5 is about a 180 dpi scan. */
  scale?: number;
  /** Grey paper and a slight tilt, as a phone photograph. */
  photo?: boolean;
}

function drawPage(ctx: SKRSContext2D, rows: Page, scale: number): void {
  let y = MARGIN;
  for (const row of rows) {
    if (styled(row)) {
      const size = row.size ?? SIZE;
      ctx.font = `${row.bold ? 'bold ' : ''}${size * scale}px "DejaVu Sans"`;
      const width = ctx.measureText(row.text).width;
      const x = row.center ? (WIDTH * scale - width) / 2 : MARGIN * scale;
      y += Math.max(LEADING, size + 6) - LEADING;
      ctx.fillText(row.text, x, (y + size) * scale);
      y += LEADING;
    } else {
      ctx.font = `${SIZE * scale}px "DejaVu Sans"`;
      if (typeof row === 'string') ctx.fillText(row, MARGIN * scale, (y + SIZE) * scale);
      else if (row !== null) for (const [x, text] of row) ctx.fillText(text, x * scale, (y + SIZE) * scale);
      y += LEADING;
    }
  }
}

/** One page drawn as pixels: PNG or JPEG bytes. */
export function layoutImage(rows: Page, format: 'png' | 'jpeg', options: ImageOptions = {}): Buffer {
  const scale = options.scale ?? 2.5;
  const canvas = createCanvas(Math.round(WIDTH * scale), Math.round(HEIGHT * scale));
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = options.photo ? '#e9e6df' : '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  if (options.photo) {
    ctx.translate(canvas.width / 2, canvas.height / 2);
    ctx.rotate((0.6 * Math.PI) / 180);
    ctx.translate(-canvas.width / 2, -canvas.height / 2);
  }
  ctx.fillStyle = '#151515';
  drawPage(ctx, rows, scale);
  return format === 'png' ? canvas.toBuffer('image/png') : canvas.toBuffer('image/jpeg', 85);
}

/** A scanned PDF: each page only an image, no text layer. */
export async function scannedPdf(pages: readonly Page[], scale = 2.5): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  for (const rows of pages) {
    const image = await pdf.embedJpg(layoutImage(rows, 'jpeg', { scale }));
    const page = pdf.addPage([WIDTH, HEIGHT]);
    page.drawImage(image, { x: 0, y: 0, width: WIDTH, height: HEIGHT });
  }
  return Buffer.from(await pdf.save());
}
