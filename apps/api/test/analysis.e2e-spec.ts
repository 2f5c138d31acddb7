import type { CredentialOverview } from '@app/contracts';
import { RequestContext } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { AnalysisTimeoutSweeper } from '../src/analysis/analysis-timeout.sweeper';
import { CatalogRepository } from '../src/catalog/catalog.repository';
import { ANALYSIS_QUEUE, type AnalysisQueue } from '../src/analysis/queue/analysis-queue';
import { AnalysisProcessor } from '../src/analysis/queue/analysis.processor';
import { DocumentTextExtractor } from '../src/analysis/extraction/document-text-extractor';
import { ReviewsService } from '../src/reviews/reviews.service';
import { StorageService } from '../src/storage/storage.service';
import {
  certificateDocument,
  countRecords,
  createCredentialWithDocuments,
  credentialState,
  flyerPdf,
  SIX_PHASES_ONCE,
  SYLLABUS_AND_CERTIFICATE_EVALUATION,
  syllabusDoc,
  syllabusDocument,
  transcriptDocx,
  waitForAnalysis,
  type FixtureDocument,
} from './fixtures';
import { startTestApi, TestApi } from './support/test-app';

describe('credential analysis, in-process queue (no Redis)', () => {
  let api: TestApi;
  let syllabus: FixtureDocument;
  let certificate: FixtureDocument;

  beforeAll(async () => {
    api = await startTestApi();
    syllabus = await syllabusDocument('psychosomatic-syllabus.pdf');
    certificate = await certificateDocument();
  });

  afterAll(async () => {
    await api?.close();
  });

  afterEach(() => jest.restoreAllMocks());

  it('answers 404 for an unknown credential and 400 for an id that is no UUID', async () => {
    const unknown = randomUUID();
    await api.http.post(`/api/credentials/${unknown}/analyze`).set(api.owner()).expect(404);
    await api.http.get(`/api/credentials/${unknown}/analyses`).set(api.owner()).expect(404);
    const response = await api.http.get(`/api/credentials/${unknown}/evaluation`).set(api.owner()).expect(404);
    expect(response.body).toEqual({ statusCode: 404, message: 'Credential not found', code: 'NOT_FOUND' });
    await api.http.post('/api/credentials/not-a-uuid/analyze').set(api.owner()).expect(400);
  });

  it('refuses with 409 to analyze a credential without documents, and changes nothing', async () => {
    const id = await createCredentialWithDocuments(api, 'Empty', []);
    const response = await api.http.post(`/api/credentials/${id}/analyze`).set(api.owner()).expect(409);
    expect(response.body.message).toBe('Upload at least one document before starting the analysis');
    const credential = await credentialState(api, id);
    expect(credential.status).toBe('pending');
    expect(credential.analysisStartedAt).toBeNull();
  });

  it('refuses with 409 a failed credential that was not interrupted and whose documents did not change', async () => {
    const id = await createCredentialWithDocuments(api, 'Failed one', [syllabus], 'failed');
    await api.http.post(`/api/credentials/${id}/analyze`).set(api.owner()).expect(409);
    expect((await credentialState(api, id)).status).toBe('failed');
  });

  it('analyzes a syllabus PDF and a certificate PNG into six phase records and the evaluation they support', async () => {
    const id = await createCredentialWithDocuments(api, 'Psychosomatic training', [syllabus, certificate]);
    const started = await api.http.post(`/api/credentials/${id}/analyze`).set(api.owner()).expect(202);
    expect(started.body).toMatchObject({ credentialId: id, status: 'analyzing' });
    const analyzing = await credentialState(api, id);
    expect(analyzing.analysisStartedAt).not.toBeNull();
    // A second press while analyzing is refused and enqueues nothing.
    await api.http.post(`/api/credentials/${id}/analyze`).set(api.owner()).expect(409);

    const finished = await waitForAnalysis(api, id);
    expect(finished.failureReason).toBeNull();
    expect(finished.status).toBe('completed');

    const analyses = await api.http.get(`/api/credentials/${id}/analyses`).set(api.owner()).expect(200);
    expect(analyses.body.map((r: { phase: number }) => r.phase)).toEqual([1, 2, 3, 4, 5, 6]);
    const [individual, combined, rigor, credits] = analyses.body;
    expect(individual.results.documents).toEqual([
      expect.objectContaining({
        fileName: 'psychosomatic-syllabus.pdf',
        documentType: 'syllabus',
        pages: 2,
        method: 'pdf-text',
        analyzer: 'local',
      }),
      expect.objectContaining({
        fileName: 'certificate.png',
        documentType: 'certificate',
        method: 'ocr',
        analyzer: 'local',
      }),
    ]);
    expect(individual.results.documents[0].characters).toBeGreaterThan(1000);
    expect(combined.results).toMatchObject({ contactHours: 36, learningObjectives: 5, modulesOrWeeks: 12 });
    expect(combined.results.topics).toEqual(expect.arrayContaining(['psychosomatic', 'parts therapy', 'inner child']));
    expect(rigor.results).toMatchObject({ criteriaMet: 7, minimumRequirementsMet: true, rigorScore: 8 });
    expect(credits.results).toMatchObject({
      contactHours: 36,
      totalCredits: 3.6,
      explanation: '36 contact hours / 10 = 3.6 quarter credits.',
    });
    expect(credits.results.matchedCourses).toEqual([
      { code: 'PSY 210', title: 'Psychosomatic Medicine and Mind-Body Practice', overlap: 100 },
      { code: 'PSY 215', title: 'Parts Therapy and Ego States', overlap: 90 },
    ]);

    const evaluation = await api.http.get(`/api/credentials/${id}/evaluation`).set(api.owner()).expect(200);
    expect(evaluation.body).toMatchObject({ credentialId: id, ...SYLLABUS_AND_CERTIFICATE_EVALUATION });
    expect(evaluation.body.rigorExplanation).toHaveLength(10);
    // Each of the seven criteria, met here, with the line that supports it: document, page, line and quote.
    const syllabusLine = (quote: string) => ({
      document: 'psychosomatic-syllabus.pdf',
      page: 1,
      line: expect.any(Number),
      quote: expect.stringContaining(quote),
    });
    const certificateLine = (quote: string) => ({
      document: 'certificate.png',
      page: 1,
      line: expect.any(Number),
      quote: expect.stringContaining(quote),
    });
    expect(evaluation.body.evidence).toMatchObject({
      topicRelevance: { document: 'psychosomatic-syllabus.pdf' },
      learningObjectives: syllabusLine('Learning Objectives:'),
      assessmentMethods: {
        document: 'psychosomatic-syllabus.pdf',
        quote: expect.stringMatching(/quiz|exam|case stud|paper/i),
      },
      // Both documents state 36 hours; the certificate speaks first.
      instructionHours: certificateLine('36 contact hours'),
      curriculumStructure: syllabusLine('12 weeks'),
      credentialSourceClarity: certificateLine('Awarded by'),
      completionEvidence: { document: 'certificate.png', quote: expect.stringMatching(/complet/i) },
      contactHours: certificateLine('36 contact hours'),
    });

    await api.http.post(`/api/credentials/${id}/analyze`).set(api.owner()).expect(409);
  });

  it('analyzes the same syllabus saved as a Word 97-2003 DOC to the same credits and criteria as the PDF', async () => {
    const id = await createCredentialWithDocuments(api, 'Psychosomatic training (.doc)', [
      {
        fileName: 'psychosomatic-syllabus.doc',
        documentType: 'syllabus',
        fileType: 'application/msword',
        bytes: syllabusDoc(),
      },
      certificate,
    ]);
    await api.http.post(`/api/credentials/${id}/analyze`).set(api.owner()).expect(202);
    const finished = await waitForAnalysis(api, id);
    expect(finished).toMatchObject({ status: 'completed', failureReason: null });

    const [individual, combined, rigor, credits] = (
      await api.http.get(`/api/credentials/${id}/analyses`).set(api.owner()).expect(200)
    ).body;
    expect(individual.results.documents[0]).toMatchObject({
      fileName: 'psychosomatic-syllabus.doc',
      documentType: 'syllabus',
      method: 'doc',
      analyzer: 'local',
    });
    expect(individual.results.documents[0].pages).toBeUndefined();
    expect(individual.results.documents[0].characters).toBeGreaterThan(1000);
    expect(combined.results).toMatchObject({ contactHours: 36, learningObjectives: 5, modulesOrWeeks: 12 });
    expect(rigor.results).toMatchObject({ criteriaMet: 7, minimumRequirementsMet: true, rigorScore: 8 });
    expect(credits.results).toMatchObject({ contactHours: 36, totalCredits: 3.6 });
    expect(credits.results.matchedCourses).toEqual([
      { code: 'PSY 210', title: 'Psychosomatic Medicine and Mind-Body Practice', overlap: 100 },
      { code: 'PSY 215', title: 'Parts Therapy and Ego States', overlap: 90 },
    ]);
    const evaluation = await api.http.get(`/api/credentials/${id}/evaluation`).set(api.owner()).expect(200);
    expect(evaluation.body).toMatchObject({ credentialId: id, ...SYLLABUS_AND_CERTIFICATE_EVALUATION });
    // The DOC's page break is kept: a line of its second page is cited on page 2, as in the PDF.
    expect(evaluation.body.evidence).toMatchObject({
      learningObjectives: { document: 'psychosomatic-syllabus.doc', page: 1, quote: 'Learning Objectives:' },
      assessmentMethods: { document: 'psychosomatic-syllabus.doc', page: 2 },
    });
  });

  it('analyzes the readable document of a credential and lists the corrupt one with its reason, for the applicant and staff', async () => {
    const corrupt: FixtureDocument = {
      fileName: 'course-outline.pdf',
      documentType: 'syllabus',
      fileType: 'application/pdf',
      // A PDF cut off after its first 200 bytes: pdf.js cannot open it.
      bytes: (await flyerPdf()).subarray(0, 200),
    };
    const id = await createCredentialWithDocuments(api, 'One good, one corrupt', [syllabus, corrupt]);
    await api.http.post(`/api/credentials/${id}/analyze`).set(api.owner()).expect(202);
    expect(await waitForAnalysis(api, id)).toMatchObject({ status: 'completed', failureReason: null });

    const reason = 'Could not read course-outline.pdf: This PDF could not be read; the file is damaged or incomplete.';
    const [individual] = (await api.http.get(`/api/credentials/${id}/analyses`).set(api.owner()).expect(200)).body;
    expect(individual.results.documents.map((d: { fileName: string }) => d.fileName)).toEqual([
      'psychosomatic-syllabus.pdf',
    ]);
    const notice = {
      documentId: expect.any(String),
      fileName: 'course-outline.pdf',
      kind: 'unreadable',
      message: reason,
    };
    expect(individual.results.notices).toEqual([notice]);
    expect(await countRecords(api, id)).toEqual(SIX_PHASES_ONCE);

    // The syllabus alone: its 36 hours, its objectives and weeks, its two catalog matches.
    const evaluation = (await api.http.get(`/api/credentials/${id}/evaluation`).set(api.owner()).expect(200)).body;
    expect(evaluation).toMatchObject({
      contactHours: 36,
      totalCredits: 3.6,
      learningObjectives: true,
      curriculumStructure: true,
      matchedCourses: SYLLABUS_AND_CERTIFICATE_EVALUATION.matchedCourses,
      documentNotices: [notice],
    });
    const [stored] = await api
      .em()
      .getConnection()
      .execute('select id from credential_documents where credential_id = ? and file_name = ?', [
        id,
        'course-outline.pdf',
      ]);
    expect(evaluation.documentNotices[0].documentId).toBe(stored.id);
    // The applicant's page reads the evaluation from the credentials list, and staff from the review detail.
    const own = (await api.http.get('/api/credentials').set(api.owner()).expect(200)).body as CredentialOverview[];
    expect(own.find((c) => c.id === id)?.evaluation?.documentNotices).toEqual([notice]);
    const evaluator = { id: randomUUID(), username: 'evaluator', role: 'evaluator' as const };
    const staff = await RequestContext.create(api.orm.em, () =>
      api.app.get(ReviewsService).detail(id, { ...evaluator, jti: randomUUID(), expiresAt: new Date() }),
    );
    expect(staff.evaluation?.documentNotices).toEqual([notice]);
  });

  it('fails a credential none of whose documents can be read, with the reason of each', async () => {
    const id = await createCredentialWithDocuments(api, 'Nothing readable', [
      { fileName: 'notes.pdf', documentType: 'other', fileType: 'application/pdf', bytes: Buffer.from('MZ not a pdf') },
      {
        fileName: 'outline.pdf',
        documentType: 'syllabus',
        fileType: 'application/pdf',
        bytes: (await flyerPdf()).subarray(0, 200),
      },
    ]);
    await api.http.post(`/api/credentials/${id}/analyze`).set(api.owner()).expect(202);
    expect(await waitForAnalysis(api, id)).toMatchObject({
      status: 'failed',
      failureReason:
        'Individual Document Analysis failed: None of the 2 documents could be read. notes.pdf is not a PDF, DOC, DOCX, JPG or PNG file ' +
        'Could not read outline.pdf: This PDF could not be read; the file is damaged or incomplete.',
    });
    // Not retried, and nothing stored.
    expect(await countRecords(api, id)).toEqual([]);
    await api.http.get(`/api/credentials/${id}/evaluation`).set(api.owner()).expect(404);
  });

  it('still fails and retries the attempt when storage cannot be read (no document is left out for it)', async () => {
    const storage = api.app.get(StorageService);
    const read = jest
      .spyOn(storage, 'read')
      .mockRejectedValueOnce(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9000'), { code: 'ECONNREFUSED' }));
    const id = await createCredentialWithDocuments(api, 'Storage hiccup', [syllabus, certificate]);
    await api.http.post(`/api/credentials/${id}/analyze`).set(api.owner()).expect(202);
    expect(await waitForAnalysis(api, id)).toMatchObject({ status: 'completed', failureReason: null });
    // The first attempt failed on storage; the retry read both documents, so no notice.
    expect(read.mock.calls.length).toBeGreaterThanOrEqual(3);
    const evaluation = (await api.http.get(`/api/credentials/${id}/evaluation`).set(api.owner()).expect(200)).body;
    expect(evaluation).toMatchObject({ ...SYLLABUS_AND_CERTIFICATE_EVALUATION, documentNotices: [] });
  });

  it('finds that a thin one-page flyer fails the minimum requirements and earns no credit', async () => {
    const id = await createCredentialWithDocuments(api, 'Flyer', [
      { fileName: 'workshop-flyer.pdf', documentType: 'other', fileType: 'application/pdf', bytes: await flyerPdf() },
    ]);
    await api.http.post(`/api/credentials/${id}/analyze`).set(api.owner()).expect(202);
    expect((await waitForAnalysis(api, id)).status).toBe('completed');
    const evaluation = await api.http.get(`/api/credentials/${id}/evaluation`).set(api.owner()).expect(200);
    expect(evaluation.body).toMatchObject({
      totalCredits: 0,
      contactHours: 6,
      matchedCourses: [],
      courseEquivalencies: [],
      topicRelevance: false,
      learningObjectives: false,
      assessmentMethods: false,
      instructionHours: false,
      curriculumStructure: false,
      completionEvidence: false,
      minimumRequirementsMet: false,
    });
    expect(evaluation.body.rigorScore).toBeLessThanOrEqual(1);
    const credits = (await api.http.get(`/api/credentials/${id}/analyses`).set(api.owner()).expect(200)).body[3]
      .results;
    expect(credits).toMatchObject({ creditsFromHours: 0.6, totalCredits: 0 });
  });

  it('reads a transcript DOCX: student, college, completion date, registrar, and its course rows (100 clock hours = 10 quarter credits)', async () => {
    const id = await createCredentialWithDocuments(api, 'Transcript', [
      {
        fileName: 'official-transcript.docx',
        documentType: 'transcript',
        fileType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        bytes: await transcriptDocx(),
      },
    ]);
    await api.http.post(`/api/credentials/${id}/analyze`).set(api.owner()).expect(202);
    expect((await waitForAnalysis(api, id)).status).toBe('completed');
    const evaluation = await api.http.get(`/api/credentials/${id}/evaluation`).set(api.owner()).expect(200);
    expect(evaluation.body).toMatchObject({
      contactHours: 100,
      // A transcript's earned rows count as the institution records them (was 0: the rows were not read).
      totalCredits: 10,
      instructionHours: true,
      learningObjectives: false,
      completionEvidence: true,
      credentialSourceClarity: true,
      minimumRequirementsMet: false,
      certificateDetails: {
        recipientName: 'Jordan Avery Smith',
        issuingOrganization: 'Westbrook College of Behavioral Sciences',
        certificateAuthor: 'Linda Park',
        completionDate: '2024-05-30',
      },
      leadContacts: [
        {
          name: 'Linda Park',
          title: 'Registrar',
          email: 'linda.park@westbrook.example.edu',
          organization: 'Westbrook College of Behavioral Sciences',
        },
      ],
    });
  });

  it('retries a phase that throws once, keeping the phases already stored and storing each phase once', async () => {
    const catalog = api.app.get(CatalogRepository);
    const original = catalog.listCourses.bind(catalog);
    const spy = jest.spyOn(catalog, 'listCourses').mockImplementationOnce(async () => {
      throw new Error('database hiccup');
    });
    const id = await createCredentialWithDocuments(api, 'Retry', [syllabus]);
    await api.http.post(`/api/credentials/${id}/analyze`).set(api.owner()).expect(202);
    const finished = await waitForAnalysis(api, id);
    expect(finished.status).toBe('completed');
    expect(spy).toHaveBeenCalledTimes(2);
    expect(await countRecords(api, id)).toEqual(SIX_PHASES_ONCE);
    expect(await original()).toHaveLength(10);
  });

  it('runs the same job twice at once without duplicating any phase record or the evaluation', async () => {
    const id = await createCredentialWithDocuments(api, 'Twice', [syllabus]);
    await api.http.post(`/api/credentials/${id}/analyze`).set(api.owner()).expect(202);
    const { analysisStartedAt } = await credentialState(api, id);
    const processor = api.app.get(AnalysisProcessor);
    const job = {
      data: { credentialId: id, generation: analysisStartedAt!.getTime() },
      attemptsMade: 0,
      opts: { attempts: 3 },
    };
    await Promise.all([processor.process(job), processor.process(job)]);
    expect((await waitForAnalysis(api, id)).status).toBe('completed');
    // Once more after completion: nothing to do.
    await expect(processor.process(job)).resolves.toBe('skipped');
    expect(await countRecords(api, id)).toEqual(SIX_PHASES_ONCE);
    const evaluations = await api
      .em()
      .getConnection()
      .execute('select count(*)::int as n from evaluations where credential_id = ?', [id]);
    expect(evaluations).toEqual([{ n: 1 }]);
  });

  it('marks the credential failed with a reason the page can show after the last attempt fails', async () => {
    jest.spyOn(api.app.get(CatalogRepository), 'listCourses').mockRejectedValue(new Error('catalog unavailable'));
    const id = await createCredentialWithDocuments(api, 'Always fails', [syllabus]);
    await api.http.post(`/api/credentials/${id}/analyze`).set(api.owner()).expect(202);
    const failed = await waitForAnalysis(api, id);
    expect(failed.status).toBe('failed');
    expect(failed.failureReason).toBe(
      'Combined Document Analysis failed: an unexpected error stopped it; please try again',
    );
    expect(await countRecords(api, id)).toEqual([{ phase: 1, count: 1 }]);
    await api.http.get(`/api/credentials/${id}/evaluation`).set(api.owner()).expect(404);
  });

  it('fails a credential whose document is not a readable file, naming it', async () => {
    const id = await createCredentialWithDocuments(api, 'Bad file', [
      {
        fileName: 'notes.pdf',
        documentType: 'other',
        fileType: 'application/pdf',
        bytes: Buffer.from('MZ this is not a pdf'),
      },
    ]);
    await api.http.post(`/api/credentials/${id}/analyze`).set(api.owner()).expect(202);
    const failed = await waitForAnalysis(api, id);
    expect(failed).toMatchObject({
      status: 'failed',
      failureReason: 'Individual Document Analysis failed: notes.pdf is not a PDF, DOC, DOCX, JPG or PNG file',
    });
  });

  it('marks credentials analyzing longer than the timeout as failed, and leaves recent ones alone', async () => {
    const stuck = await createCredentialWithDocuments(api, 'Stuck', [syllabus], 'analyzing');
    const recent = await createCredentialWithDocuments(api, 'Recent', [syllabus], 'analyzing');
    const connection = api.em().getConnection();
    // Its runner still beats (the deadline is what is tested, not the in-process queue's check for stopped runners).
    await connection.execute(
      `update credentials set analysis_started_at = now() - interval '2 hours', analysis_heartbeat_at = now() where id = ?`,
      [stuck],
    );
    await connection.execute(`update credentials set analysis_started_at = now() where id = ?`, [recent]);

    const failed = await api.app.get(AnalysisTimeoutSweeper).sweep();
    expect(failed).toEqual([stuck]);
    expect(await credentialState(api, stuck)).toMatchObject({
      status: 'failed',
      failureReason: 'The analysis did not finish within 30 minutes. Please try again or contact support.',
    });
    expect((await credentialState(api, recent)).status).toBe('analyzing');
  });
  it('puts the credential back to pending, with a 503, when its job cannot be queued', async () => {
    jest
      .spyOn(api.app.get<AnalysisQueue>(ANALYSIS_QUEUE), 'enqueue')
      .mockRejectedValueOnce(new Error('connect ECONNREFUSED 10.0.0.5:6379'));
    const id = await createCredentialWithDocuments(api, 'Queue down', [syllabus]);
    const response = await api.http.post(`/api/credentials/${id}/analyze`).set(api.owner()).expect(503);
    expect(response.body.message).toBe('The analysis could not be started right now; please try again in a moment');
    const credential = await credentialState(api, id);
    expect(credential.status).toBe('pending');
    expect(credential.analysisStartedAt).toBeNull();
    // And it can be started again once the queue works.
    await api.http.post(`/api/credentials/${id}/analyze`).set(api.owner()).expect(202);
    expect((await waitForAnalysis(api, id)).status).toBe('completed');
  });

  it('fails a run that hangs past the analysis deadline instead of waiting for it forever', async () => {
    jest.spyOn(api.app.get(DocumentTextExtractor), 'extract').mockImplementation(() => new Promise(() => undefined));
    const id = await createCredentialWithDocuments(api, 'Hangs', [syllabus], 'analyzing');
    // Started 30 minutes (the configured timeout) less half a second ago.
    const startedAt = new Date(Date.now() - 30 * 60_000 + 500);
    await api
      .em()
      .getConnection()
      // With a fresh heartbeat: this job is run directly, not through the queue that claims it and beats for it, so
      // without one the queue's check for runners that stopped could fail it first, for another reason.
      .execute('update credentials set analysis_started_at = ?, analysis_heartbeat_at = now() where id = ?', [
        startedAt,
        id,
      ]);
    const job = { data: { credentialId: id, generation: startedAt.getTime() }, attemptsMade: 0, opts: { attempts: 3 } };
    const outcome = await Promise.race([
      api.app
        .get(AnalysisProcessor)
        .process(job)
        .then(
          () => 'finished',
          () => 'rejected',
        ),
      new Promise((resolve) => setTimeout(() => resolve('still running'), 5000)),
    ]);
    expect(outcome).toBe('rejected');
    expect(await credentialState(api, id)).toMatchObject({
      status: 'failed',
      failureReason: 'The analysis did not finish within 30 minutes. Please try again or contact support.',
    });
  });
});
