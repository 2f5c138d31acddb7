import mammoth from 'mammoth';

/** The parts of mammoth's document tree the text needs (mammoth's types leave the tree untyped). */
interface DocxElement {
  type: string;
  value?: string;
  breakType?: string;
  /** A list paragraph's numbering (Word keeps the bullet or number out of the paragraph's text). */
  numbering?: { isOrdered: boolean; level: string } | null;
  children?: DocxElement[];
}

/** A table cell's text on one line: its paragraphs and line breaks joined by spaces, its tabs as spaces. */
function cellText(cell: DocxElement): string {
  if (cell.type === 'text') return cell.value ?? '';
  if (cell.type === 'tab' || cell.type === 'break') return ' ';
  const inner = (cell.children ?? []).map(cellText).join('');
  return cell.type === 'paragraph' ? `${inner} ` : inner;
}

/**
 * A DOCX's text as mammoth's extractRawText gives it (paragraphs end in a blank line, tabs kept, a list item starts
 * with a bullet), plus a form feed at
 * each page break the document has, and each table row on a line of its own, its cells separated by tabs (so a
 * Word table reads as rows and columns, as a PDF's does), so evidence can name the page a line is on. Word's own soft page breaks depend
 * on its layout and are not in the file, so a document without explicit breaks reads as one page.
 */
export async function readDocxText(bytes: Buffer): Promise<string> {
  let text = '';
  const write = (element: DocxElement): void => {
    if (element.type === 'tableRow') {
      text += `${(element.children ?? []).map((cell) => cellText(cell).replace(/\s+/g, ' ').trim()).join('\t')}\n`;
      return;
    }
    if (element.type === 'text') text += element.value ?? '';
    else if (element.type === 'tab') text += '\t';
    else if (element.type === 'break')
      text += element.breakType === 'page' ? '\f' : element.breakType === 'line' ? '\n' : '';
    else {
      // Layout feature: a list item's bullet or number is drawn by Word from the paragraph's numbering, not written
      // in its text; a bullet marks it as an item, as a PDF's text shows it.
      if (element.type === 'paragraph' && element.numbering) text += '• ';
      for (const child of element.children ?? []) write(child);
      if (element.type === 'paragraph') text += '\n\n';
    }
  };
  // mammoth's public hook to the document tree; the HTML it then writes is not needed.
  await mammoth.convertToHtml(
    { buffer: bytes },
    { transformDocument: (document: DocxElement) => (write(document), document) },
  );
  return text;
}
