import {
  addDocument,
  createCredentialWithDocuments,
  syllabusDocument,
  waitForAnalysis,
  type FixtureDocument,
} from './fixtures';
import {
  blankPng,
  blankScanPdf,
  passwordProtectedPdf,
  spanishTranscriptPdf,
  twoHundredPagePdf,
} from './fixtures/bad-documents';
import { ReaderSandbox } from '../src/analysis/extraction/reader-sandbox';
import { scannedPdf } from './corpus/layout';
import { FIVE_PAGE_TRANSCRIPT } from './corpus/transcripts';
import { startTestApi, TestApi } from './support/test-app';

const PDF = 'application/pdf';

/**
 * Documents applicants really send that cannot be evaluated end the analysis (when they are the credential's only
 * document), never leave it analyzing, and say why in words the applicant can act on; a long PDF that can be read is
 * evaluated, and a scan longer than the OCR page limit is read up to it with a notice saying so.
 */
describe('bad documents end with a reason a person understands', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi();
  });

  afterAll(async () => {
    await api?.close();
  });

  async function analyze(document: FixtureDocument) {
    const id = await createCredentialWithDocuments(api, document.fileName, [document]);
    await api.http.post(`/api/credentials/${id}/analyze`).set(api.owner()).expect(202);
    return { id, credential: await waitForAnalysis(api, id, 120_000) };
  }

  it.each([
    [
      'a photographed blank page',
      async (): Promise<FixtureDocument> => ({
        fileName: 'IMG_0007.png',
        documentType: 'certificate',
        fileType: 'image/png',
        bytes: blankPng(),
      }),
      'Individual Document Analysis failed: IMG_0007.png has no readable text: the page is blank or the scan is too faint to read. Upload a clearer scan or the original document.',
    ],
    [
      'an image-only PDF of an empty page',
      async (): Promise<FixtureDocument> => ({
        fileName: 'scan0002.pdf',
        documentType: 'transcript',
        fileType: PDF,
        bytes: await blankScanPdf(),
      }),
      'Individual Document Analysis failed: scan0002.pdf has no readable text: the page is blank or the scan is too faint to read. Upload a clearer scan or the original document.',
    ],
    [
      'a Spanish transcript',
      async (): Promise<FixtureDocument> => ({
        fileName: 'certificado-notas.pdf',
        documentType: 'transcript',
        fileType: PDF,
        bytes: await spanishTranscriptPdf(),
      }),
      'Individual Document Analysis failed: certificado-notas.pdf is not in English: materials must be in English or certified translations.',
    ],
    [
      'a PDF that opens only with a password',
      async (): Promise<FixtureDocument> => ({
        fileName: 'secured-transcript.pdf',
        documentType: 'transcript',
        fileType: PDF,
        bytes: passwordProtectedPdf(),
      }),
      'Individual Document Analysis failed: secured-transcript.pdf is password-protected, so it cannot be read. Upload a copy that opens without a password.',
    ],
  ])(
    '%s fails the analysis, naming the document and what to do',
    async (_label, make, reason) => {
      const { id, credential } = await analyze(await make());
      expect(credential).toMatchObject({ status: 'failed', failureReason: reason });
      await api.http.get(`/api/credentials/${id}/evaluation`).set(api.owner()).expect(404);
    },
    150_000,
  );

  it('a credential whose documents could not be read starts again only once a document was added', async () => {
    const { id, credential } = await analyze({
      fileName: 'IMG_0008.png',
      documentType: 'certificate',
      fileType: 'image/png',
      bytes: blankPng(),
    });
    expect(credential).toMatchObject({ status: 'failed', failureKind: 'documents' });
    // The same documents would fail the same way: 409, and nothing changes.
    const refused = await api.http.post(`/api/credentials/${id}/analyze`).set(api.owner()).expect(409);
    expect(refused.body.message).toBe(
      'The documents could not be analyzed; upload a readable document and start the analysis again',
    );
    expect((await api.http.get(`/api/credentials/${id}`).set(api.owner()).expect(200)).body.status).toBe('failed');

    // Another upload (registered after the failed attempt) changes the documents: the analysis may start again.
    await addDocument(api, id, await syllabusDocument());
    await api.http.post(`/api/credentials/${id}/analyze`).set(api.owner()).expect(202);
    expect(await waitForAnalysis(api, id, 120_000)).toMatchObject({ status: 'completed' });
  }, 240_000);

  it('a scan longer than the OCR page limit is read up to it, and its evaluation says which pages were not read', async () => {
    const sandbox = api.app.get(ReaderSandbox);
    const limit = sandbox.limits.pdfMaxOcrPages;
    // Two pages stand for the twenty of the default limit, so the test reads two pages by OCR rather than twenty.
    sandbox.limits.pdfMaxOcrPages = 2;
    try {
      const { id, credential } = await analyze({
        fileName: 'transcript-scan.pdf',
        documentType: 'transcript',
        fileType: PDF,
        bytes: await scannedPdf(FIVE_PAGE_TRANSCRIPT),
      });
      expect(credential).toMatchObject({ status: 'completed', failureReason: null });
      const [individual] = (await api.http.get(`/api/credentials/${id}/analyses`).set(api.owner()).expect(200)).body;
      expect(individual.results.documents[0]).toMatchObject({ pages: 5, method: 'ocr' });
      const evaluation = (await api.http.get(`/api/credentials/${id}/evaluation`).set(api.owner()).expect(200)).body;
      expect(evaluation.documentNotices).toEqual([
        {
          documentId: expect.any(String),
          fileName: 'transcript-scan.pdf',
          kind: 'pages_not_read',
          message:
            'Only the first 2 of 5 pages of transcript-scan.pdf were read: scanned pages are read up to 2 a document. Upload pages 3–5 as a separate document to have them evaluated.',
        },
      ]);
      // The rows of the first two pages are there; none of a page not read.
      const courses = evaluation.transcripts[0].courses as { evidence: { page: number } }[];
      expect(courses.length).toBeGreaterThan(0);
      expect(Math.max(...courses.map((c) => c.evidence.page))).toBeLessThanOrEqual(2);
    } finally {
      sandbox.limits.pdfMaxOcrPages = limit;
    }
  }, 150_000);

  it('a 200-page PDF (a transcript, then the course catalog) is read and evaluated', async () => {
    const { id, credential } = await analyze({
      fileName: 'transcript-and-catalog.pdf',
      documentType: 'transcript',
      fileType: PDF,
      bytes: await twoHundredPagePdf(),
    });
    expect(credential).toMatchObject({ status: 'completed', failureReason: null });
    const [individual] = (await api.http.get(`/api/credentials/${id}/analyses`).set(api.owner()).expect(200)).body;
    expect(individual.results.documents[0]).toMatchObject({
      pages: 200,
      method: 'pdf-text',
      documentType: 'transcript',
    });
    const evaluation = (await api.http.get(`/api/credentials/${id}/evaluation`).set(api.owner()).expect(200)).body;
    expect(evaluation).toMatchObject({
      totalCredits: 27,
      certificateDetails: { recipientName: 'Jordan A. Rivera', issuingOrganization: 'Northbridge University' },
    });
    expect(evaluation.transcripts[0].courses).toHaveLength(8);
  }, 150_000);
});
