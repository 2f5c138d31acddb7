import {
  documentNoticesHeading,
  documentNoticesSummary,
  documentsOutcome,
  leavesDocumentsOut,
  noReadableDocumentReason,
  pageRanges,
  pagesNotReadNotice,
  unreadableDocumentNotice,
} from './document-notices';

const syllabus = { documentId: 'd1', fileName: 'syllabus.pdf' };
const scan = { documentId: 'd2', fileName: 'transcript-scan.pdf' };
const damaged = unreadableDocumentNotice(
  syllabus,
  'Could not read syllabus.pdf: This PDF could not be read; the file is damaged or incomplete.',
);
const blank = unreadableDocumentNotice(
  scan,
  'transcript-scan.pdf has no readable text: the page is blank or the scan is too faint to read. Upload a clearer scan or the original document.',
);

describe('unreadableDocumentNotice', () => {
  it('keeps the reason as the message, with the document it is about', () => {
    expect(damaged).toEqual({
      documentId: 'd1',
      fileName: 'syllabus.pdf',
      kind: 'unreadable',
      message: 'Could not read syllabus.pdf: This PDF could not be read; the file is damaged or incomplete.',
    });
  });
});

describe('pageRanges', () => {
  it.each([
    [[21], '21'],
    [[21, 22, 23], '21–23'],
    [[9, 3, 7, 8, 3], '3, 7–9'],
    [[], ''],
  ])('%p reads %p', (pages, text) => {
    expect(pageRanges(pages)).toBe(text);
  });
});

describe('pagesNotReadNotice', () => {
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

  it('says a long scan was read up to the limit, and how to have the rest read', () => {
    expect(pagesNotReadNotice(scan, { pages: 35, notRead: range(21, 35), limit: 20 })).toEqual({
      documentId: 'd2',
      fileName: 'transcript-scan.pdf',
      kind: 'pages_not_read',
      message:
        'Only the first 20 of 35 pages of transcript-scan.pdf were read: scanned pages are read up to 20 a document. Upload pages 21–35 as a separate document to have them evaluated.',
    });
  });

  it('names a single page left over', () => {
    expect(pagesNotReadNotice(scan, { pages: 21, notRead: [21], limit: 20 })?.message).toBe(
      'Only the first 20 of 21 pages of transcript-scan.pdf were read: scanned pages are read up to 20 a document. Upload page 21 as a separate document to have it evaluated.',
    );
  });

  it('names the pages when text pages come after the unread scans (the text pages were read)', () => {
    expect(pagesNotReadNotice(scan, { pages: 40, notRead: range(21, 30), limit: 20 })?.message).toBe(
      'Only 30 of the 40 pages of transcript-scan.pdf were read: scanned pages are read up to 20 a document, so pages 21–30 were not read. Upload them as a separate document to have them evaluated.',
    );
  });

  it('gives no notice when every page was read', () => {
    expect(pagesNotReadNotice(scan, { pages: 20, notRead: [], limit: 20 })).toBeNull();
  });

  it('ignores page numbers the document does not have', () => {
    expect(pagesNotReadNotice(scan, { pages: 3, notRead: [0, 4, 9], limit: 20 })).toBeNull();
  });
});

describe('noReadableDocumentReason', () => {
  it("is a single document's own reason, as before", () => {
    expect(noReadableDocumentReason([damaged])).toBe(damaged.message);
  });

  it("says none could be read, then each document's reason", () => {
    expect(noReadableDocumentReason([damaged, blank])).toBe(
      `None of the 2 documents could be read. ${damaged.message} ${blank.message}`,
    );
  });

  it('says to upload a document when there is none', () => {
    expect(noReadableDocumentReason([])).toBe('The credential has no document to read. Upload at least one document.');
  });
});

describe('documentsOutcome', () => {
  it('evaluates the readable documents and lists the others', () => {
    expect(documentsOutcome(1, [damaged])).toEqual({ evaluate: true, notices: [damaged] });
  });

  it('evaluates a credential whose documents were all read, with no notice', () => {
    expect(documentsOutcome(2, [])).toEqual({ evaluate: true, notices: [] });
  });

  it('fails, with every reason, when no document could be read', () => {
    expect(documentsOutcome(0, [damaged, blank])).toEqual({
      evaluate: false,
      reason: `None of the 2 documents could be read. ${damaged.message} ${blank.message}`,
    });
  });
});

describe('documentNoticesSummary and leavesDocumentsOut', () => {
  const partly = pagesNotReadNotice(scan, { pages: 35, notRead: [21, 22], limit: 20 })!;

  it('says nothing without notices', () => {
    expect(documentNoticesSummary([], 2)).toBeNull();
    expect(leavesDocumentsOut([])).toBe(false);
  });

  it('says the evaluation is based on the readable documents only', () => {
    expect(documentNoticesSummary([damaged], 2)).toBe(
      'This evaluation is based on the readable documents only (1 of 2 documents): 1 document could not be read.',
    );
    expect(leavesDocumentsOut([damaged])).toBe(true);
  });

  it('counts several documents left out, and a document read in part', () => {
    expect(documentNoticesSummary([damaged, blank, partly], 5)).toBe(
      'This evaluation is based on the readable documents only (3 of 5 documents): 2 documents could not be read, and part of a document was not read.',
    );
  });

  it('says only part of a document was read when none was left out', () => {
    expect(documentNoticesSummary([partly], 1)).toBe(
      'This evaluation is based on the pages that could be read: part of a document was not read.',
    );
    expect(leavesDocumentsOut([partly])).toBe(false);
  });
});

describe('documentNoticesHeading', () => {
  const partly = pagesNotReadNotice(scan, { pages: 35, notRead: [21, 22], limit: 20 })!;
  const otherPartly = pagesNotReadNotice(syllabus, { pages: 30, notRead: [21], limit: 20 })!;

  it('says nothing without notices', () => {
    expect(documentNoticesHeading([])).toBeNull();
  });

  it('counts the documents left out, like the summary', () => {
    expect(documentNoticesHeading([damaged])).toBe('A document could not be read');
    expect(documentNoticesHeading([damaged, blank, partly])).toBe('2 documents could not be read');
  });

  it('counts the documents read in part when none was left out', () => {
    expect(documentNoticesHeading([partly])).toBe('A document was read in part');
    expect(documentNoticesHeading([partly, otherPartly])).toBe('2 documents were read in part');
    expect(documentNoticesSummary([partly, otherPartly], 2)).toBe(
      'This evaluation is based on the pages that could be read: parts of 2 documents were not read.',
    );
  });
});
