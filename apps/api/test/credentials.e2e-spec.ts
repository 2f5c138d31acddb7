import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import type { INestApplication } from '@nestjs/common';
import {
  APPLICANT_TOKEN_HEADER,
  type CredentialOverview,
  type Credential,
  type CredentialDocument,
} from '@app/contracts';
import JSZip from 'jszip';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import request from 'supertest';
import TestAgent from 'supertest/lib/agent';
import { createApp } from '../src/app.factory';
import { appContract, contractChecked, initTestApp } from './support/test-app';
import type { OpenApiContract } from './support/openapi-contract';
import { loadConfig } from '../src/config/app-config';
import { startInfrastructure, type Infrastructure } from '../src/infrastructure';
import { AnalysisRepository } from '../src/analysis/analysis.repository';
import { StorageService } from '../src/storage/storage.service';
import { UploadsService } from '../src/uploads/uploads.service';
import { createTestDatabase, type TestDatabase } from '../../../tools/testing/test-database';
import { ApplicantTokenService } from '../src/applicants/applicant-token.service';
import { TEST_APPLICANT_TOKEN_SECRET } from './support/applicant';
import { makeDoc } from './fixtures/doc-fixture';
import { SAMPLE_PNG, samplePdf } from '../../../tools/testing/sample-files';

const ROOT = join(__dirname, '../../..');
const UPLOAD_URL_TTL_SECONDS = 60;

interface S3Process {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  child: ChildProcess;
}

/**
 * The S3-compatible server as a separate process, reached over the network like any configured S3 store; it
 * verifies signatures and checksums as S3 does.
 */
async function startS3Process(dir: string): Promise<S3Process> {
  const child = spawn(process.execPath, [join(ROOT, 'tools/testing/s3-server.cjs'), '--dir', dir, '--port', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`s3 server exited with ${code}: ${errors}`)));
  });
  return { ...(JSON.parse(line) as Omit<S3Process, 'child'>), child };
}

/** A DOCX-shaped zip whose 'word/' entries come after more than the first 64 KiB. */
async function sampleDocx(): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('[Content_Types].xml', '<?xml version="1.0"?><Types/>');
  zip.file('docProps/thumbnail.jpeg', randomBytes(80 * 1024));
  zip.file('word/document.xml', '<w:document><w:body><w:p><w:r><w:t>Syllabus</w:t></w:r></w:p></w:body></w:document>');
  return zip.generateAsync({ type: 'nodebuffer', compression: 'STORE' });
}

describe('credentials and document uploads (S3 server in its own process)', () => {
  let database: TestDatabase;
  let dataDir: string;
  let s3: S3Process;
  let infrastructure: Infrastructure;
  let app: INestApplication;
  /** Every call as one applicant, the way the web server sends it: a fresh token of a minute per call. */
  let contract: OpenApiContract;
  const http = (): TestAgent =>
    contractChecked(
      request.agent(app.getHttpServer()).set(APPLICANT_TOKEN_HEADER, app.get(ApplicantTokenService).sign(applicantId)),
      contract,
    );
  let orm: MikroORM;
  let storage: StorageService;
  const applicantId = randomUUID();

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'credentials-test-'));
    s3 = await startS3Process(join(dataDir, 's3'));
    // The same path a deployment with its own S3-compatible store takes: only configuration.
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      JWT_SECRET: 'test-secret',
      APPLICANT_TOKEN_SECRET: TEST_APPLICANT_TOKEN_SECRET,
      DATABASE_URL: database.url,
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
      UPLOAD_URL_TTL_SECONDS: String(UPLOAD_URL_TTL_SECONDS),
    });
    infrastructure = await startInfrastructure(config);
    app = await createApp(config, infrastructure, { logger: false });
    await initTestApp(app);
    contract = await appContract(app);
    orm = app.get(MikroORM);
    storage = app.get(StorageService);
  });

  afterAll(async () => {
    await app?.close();
    await infrastructure?.stop();
    if (s3?.child.exitCode === null) {
      await new Promise((resolve) => {
        s3.child.once('exit', resolve);
        s3.child.kill('SIGTERM');
      });
    }
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function createCredential(name = 'BA Psychology'): Promise<Credential> {
    return (await http().post('/api/credentials').send({ name }).expect(201)).body as Credential;
  }

  async function presign(): Promise<{ uploadURL: string; key: string }> {
    const { uploadURL } = (await http().post('/api/objects/upload').expect(200)).body as { uploadURL: string };
    return { uploadURL, key: keyOf(uploadURL) };
  }

  function keyOf(url: string): string {
    return decodeURIComponent(new URL(url).pathname.replace(`/${s3.bucket}/`, ''));
  }

  async function putFile(uploadURL: string, body: Buffer, contentType: string): Promise<void> {
    const response = await fetch(uploadURL, {
      method: 'PUT',
      body: new Uint8Array(body),
      headers: { 'content-type': contentType },
    });
    expect(response.status).toBe(200);
  }

  async function uploadAndRegister(
    credentialId: string,
    file: { body: Buffer; name: string; type: string; documentType?: string },
  ): Promise<{ key: string; response: request.Response }> {
    const { uploadURL, key } = await presign();
    await putFile(uploadURL, file.body, file.type);
    const response = await http()
      .put('/api/documents/upload-complete')
      .send({
        uploadURL,
        credentialId,
        fileName: file.name,
        fileSize: file.body.length,
        fileType: file.type,
        ...(file.documentType ? { documentType: file.documentType } : {}),
      });
    return { key, response };
  }

  async function documentKey(documentId: string): Promise<string> {
    const rows = await orm.em
      .fork()
      .getConnection()
      .execute<{ object_key: string }[]>('select object_key from credential_documents where id = ?', [documentId]);
    return rows[0].object_key;
  }

  async function documentCount(): Promise<number> {
    const rows = await orm.em
      .fork()
      .getConnection()
      .execute<{ count: string }[]>('select count(*) from credential_documents');
    return Number(rows[0].count);
  }

  describe('credential groups', () => {
    it('creates a pending credential with a trimmed name, owned by the calling applicant', async () => {
      const response = await http().post('/api/credentials').send({ name: '  MSc Counselling  ' }).expect(201);
      expect(response.body).toMatchObject({
        name: 'MSc Counselling',
        status: 'pending',
        ownerId: applicantId,
        failureReason: null,
        documents: [],
      });
      expect(response.body.id).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('refuses an owner named by the caller', async () => {
      const response = await http()
        .post('/api/credentials')
        .send({ name: 'Diploma', userId: randomUUID() })
        .expect(400);
      expect(response.body.statusCode).toBe(400);
    });

    it.each([
      ['an empty name', { name: '' }, 'Name is required'],
      ['a blank name', { name: '   ' }, 'Name is required'],
      ['no name', {}, 'Name is required'],
      ['a name over 200 characters', { name: 'x'.repeat(201) }, 'Name must be at most 200 characters'],
    ])('refuses %s with a 400 and the field error', async (_label, body, message) => {
      const response = await http().post('/api/credentials').send(body).expect(400);
      expect(response.body.statusCode).toBe(400);
      expect(response.body.fieldErrors.name).toContain(message);
    });

    it('accepts a name of exactly 200 characters after trimming', async () => {
      await http()
        .post('/api/credentials')
        .send({ name: ` ${'y'.repeat(200)} ` })
        .expect(201);
    });

    it('refuses unknown fields', async () => {
      await http().post('/api/credentials').send({ name: 'A', status: 'completed' }).expect(400);
    });

    it('lists credentials newest first, each with its documents', async () => {
      const older = await createCredential('Older');
      const newer = await createCredential('Newer');
      const list = (await http().get('/api/credentials').expect(200)).body as CredentialOverview[];
      const ids = list.map((c) => c.id);
      expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
      expect(list.every((c) => Array.isArray(c.documents))).toBe(true);
    });

    it('reads one credential, 404 when absent, 400 for a non-uuid id', async () => {
      const credential = await createCredential('One');
      expect((await http().get(`/api/credentials/${credential.id}`).expect(200)).body).toMatchObject({
        id: credential.id,
        name: 'One',
      });
      const missing = await http().get(`/api/credentials/${randomUUID()}`).expect(404);
      expect(missing.body).toEqual({ statusCode: 404, message: 'Credential not found', code: 'NOT_FOUND' });
      const invalid = await http().get('/api/credentials/not-a-uuid').expect(400);
      expect(invalid.body.statusCode).toBe(400);
    });
  });

  describe('uploads', () => {
    it('issues a presigned PUT URL on the configured store for a key it chose', async () => {
      const { uploadURL, key } = await presign();
      expect(uploadURL.startsWith(`${s3.endpoint}/${s3.bucket}/uploads/`)).toBe(true);
      expect(uploadURL).toContain('X-Amz-Signature=');
      expect(uploadURL).toContain(`X-Amz-Expires=${UPLOAD_URL_TTL_SECONDS}`);
      expect(key).toMatch(/^uploads\/[0-9a-f-]{36}$/);
    });

    it('registers an uploaded PDF with its real size and type, guessing the document type, and lists it', async () => {
      const credential = await createCredential('Transcripts');
      const pdf = await samplePdf();
      const { uploadURL, key } = await presign();
      await putFile(uploadURL, pdf, 'application/pdf');
      const response = await http()
        .put('/api/documents/upload-complete')
        // The browser's size and type are not trusted: the stored values come from storage and content.
        .send({
          uploadURL,
          credentialId: credential.id,
          fileName: 'Official_Transcript.pdf',
          fileSize: 1,
          fileType: 'text/plain',
        })
        .expect(200);
      expect(response.body).toMatchObject({
        fileName: 'Official_Transcript.pdf',
        documentType: 'transcript',
        fileSize: pdf.length,
        fileType: 'application/pdf',
      });
      const listed = ((await http().get('/api/credentials').expect(200)).body as CredentialOverview[]).find(
        (c) => c.id === credential.id,
      );
      expect(listed?.documents).toEqual([response.body]);
      // The document is a copy under a key of its own; the upload key is emptied.
      const objectKey = await documentKey(response.body.id);
      expect(objectKey).toMatch(/^documents\/[0-9a-f-]{36}$/);
      expect(await storage.read(objectKey)).toEqual(pdf);
      expect(await storage.head(key)).toBeNull();
    });

    it('keeps a registered document as checked: a PUT to its upload URL afterwards changes nothing the analysis reads', async () => {
      const credential = await createCredential('Immutable');
      const pdf = await samplePdf('Checked transcript');
      const { uploadURL, key } = await presign();
      await putFile(uploadURL, pdf, 'application/pdf');
      const response = await http()
        .put('/api/documents/upload-complete')
        .send({
          uploadURL,
          credentialId: credential.id,
          fileName: 'transcript.pdf',
          fileSize: pdf.length,
          fileType: 'application/pdf',
        })
        .expect(200);

      // The URL is still within its lifetime, so the store takes the PUT (as S3 would) - but to the upload key only.
      const html = Buffer.from('<html><script>alert(1)</script></html>');
      await putFile(uploadURL, html, 'text/html');
      const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(12 * 1024 * 1024, 0x20)]);
      await putFile(uploadURL, big, 'application/pdf');

      const objectKey = await documentKey(response.body.id);
      expect(objectKey).not.toBe(key);
      expect(await storage.read(objectKey)).toEqual(pdf);
      // What the analysis reads: each document's key as the repository hands it to the pipeline, read from storage.
      const forAnalysis = await app.get(AnalysisRepository).findForAnalysis(credential.id);
      expect(forAnalysis?.documents.map((document) => document.objectKey)).toEqual([objectKey]);
      expect(await storage.read(objectKey)).toEqual(pdf);

      // What that PUT left at the upload key is removed once the URL has expired; the document stays.
      expect(await storage.head(key)).toMatchObject({ size: big.length });
      const afterExpiry = new Date(Date.now() + 2 * UPLOAD_URL_TTL_SECONDS * 1000);
      await app.get(UploadsService).sweepAbandonedUploads(afterExpiry);
      expect(await storage.head(key)).toBeNull();
      expect(await storage.read(objectKey)).toEqual(pdf);
    });

    it('keeps a valid document type, guesses for an unknown one, and detects PNG and DOCX by content', async () => {
      const credential = await createCredential('Mixed');
      const png = await uploadAndRegister(credential.id, {
        body: SAMPLE_PNG,
        name: 'scan.png',
        type: 'image/png',
        documentType: 'certificate',
      });
      expect(png.response.status).toBe(200);
      expect(png.response.body).toMatchObject({
        documentType: 'certificate',
        fileType: 'image/png',
        fileSize: SAMPLE_PNG.length,
      });

      const docx = await sampleDocx();
      const word = await uploadAndRegister(credential.id, {
        body: docx,
        name: 'PSY101 syllabus.docx',
        type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        documentType: 'nonsense',
      });
      expect(word.response.status).toBe(200);
      expect(word.response.body).toMatchObject({
        documentType: 'syllabus',
        fileType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        fileSize: docx.length,
      });
      const stored = (await http().get(`/api/credentials/${credential.id}`).expect(200)).body as Credential;
      expect(stored.documents.map((d: CredentialDocument) => d.fileName)).toEqual(['scan.png', 'PSY101 syllabus.docx']);
    });

    it('detects a Word 97-2003 DOC by content and registers it as application/msword', async () => {
      const credential = await createCredential('Legacy Word');
      const doc = makeDoc('PSY 210 Course Outline\nWeek 1: The mind-body connection');
      // The claimed type is generic; the stored one comes from the content.
      const { response } = await uploadAndRegister(credential.id, {
        body: doc,
        name: 'PSY210 syllabus.doc',
        type: 'application/octet-stream',
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        fileName: 'PSY210 syllabus.doc',
        documentType: 'syllabus',
        fileType: 'application/msword',
        fileSize: doc.length,
      });
    });

    it('registers an upload once: a second registration is refused and the file stays', async () => {
      const credential = await createCredential('Twice');
      const { uploadURL, key } = await presign();
      await putFile(uploadURL, SAMPLE_PNG, 'image/png');
      const body = {
        uploadURL,
        credentialId: credential.id,
        fileName: 'a.png',
        fileSize: SAMPLE_PNG.length,
        fileType: 'image/png',
      };
      const first = await http().put('/api/documents/upload-complete').send(body).expect(200);
      const before = await documentCount();
      const again = await http().put('/api/documents/upload-complete').send(body).expect(409);
      expect(again.body.message).toBe('This upload has already been registered');
      expect(await documentCount()).toBe(before);
      expect(await storage.read(await documentKey(first.body.id))).toEqual(SAMPLE_PNG);
      expect(await storage.head(key)).toBeNull();
    });

    it('refuses a file over 10 MB (by its real size) with 413 and removes it', async () => {
      const credential = await createCredential('Large');
      const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(11 * 1024 * 1024, 0x20)]);
      const before = await documentCount();
      const { key, response } = await uploadAndRegister(credential.id, {
        body: big,
        name: 'big.pdf',
        type: 'application/pdf',
      });
      expect(response.status).toBe(413);
      expect(response.body.message).toContain('10 MB');
      expect(await documentCount()).toBe(before);
      expect(await storage.head(key)).toBeNull();
    });

    it('refuses a renamed .exe with a .pdf name with 415 and removes it', async () => {
      const credential = await createCredential('Executable');
      const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(2048, 0x90)]);
      const before = await documentCount();
      const { key, response } = await uploadAndRegister(credential.id, {
        body: exe,
        name: 'transcript.pdf',
        type: 'application/pdf',
      });
      expect(response.status).toBe(415);
      expect(response.body.message).toBe(
        'Only PDF, DOC, DOCX, JPG and PNG files are accepted, and this file is none of them',
      );
      expect(await documentCount()).toBe(before);
      expect(await storage.head(key)).toBeNull();
    });

    it('refuses URLs this server did not issue and never touches their objects', async () => {
      const credential = await createCredential('Foreign');
      // On our own bucket and in our key format, but never issued.
      const strayKey = `uploads/${randomUUID()}`;
      await storage.put(strayKey, await samplePdf(), 'application/pdf');
      const strayUrl = `${s3.endpoint}/${s3.bucket}/${strayKey}`;
      const otherBucketUrl = `${s3.endpoint}/elsewhere/uploads/${randomUUID()}`;
      const otherHostUrl = `https://files.example.com/${s3.bucket}/uploads/${randomUUID()}`;
      const otherKeyUrl = `${s3.endpoint}/${s3.bucket}/documents/${randomUUID()}`;
      const before = await documentCount();
      for (const uploadURL of [strayUrl, otherBucketUrl, otherHostUrl, otherKeyUrl, 'not a url']) {
        const response = await http()
          .put('/api/documents/upload-complete')
          .send({
            uploadURL,
            credentialId: credential.id,
            fileName: 'x.pdf',
            fileSize: 10,
            fileType: 'application/pdf',
          })
          .expect(400);
        expect(response.body.message).toBe('The upload URL was not issued by this server');
      }
      expect(await documentCount()).toBe(before);
      expect(await storage.head(strayKey)).not.toBeNull();
    });

    it('refuses an unknown credential with 404 and removes the file', async () => {
      const before = await documentCount();
      const { key, response } = await uploadAndRegister(randomUUID(), {
        body: SAMPLE_PNG,
        name: 'c.png',
        type: 'image/png',
      });
      expect(response.status).toBe(404);
      expect(response.body.message).toBe('Credential not found');
      expect(await documentCount()).toBe(before);
      expect(await storage.head(key)).toBeNull();
    });

    it('refuses a request with a missing field with 400 and removes the file', async () => {
      const { uploadURL, key } = await presign();
      await putFile(uploadURL, SAMPLE_PNG, 'image/png');
      const before = await documentCount();
      const response = await http()
        .put('/api/documents/upload-complete')
        .send({ uploadURL, fileName: 'c.png', fileSize: SAMPLE_PNG.length, fileType: 'image/png' })
        .expect(400);
      expect(response.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
      expect(response.body.fieldErrors.credentialId).toEqual(['credentialId must be a UUID']);
      expect(await documentCount()).toBe(before);
      expect(await storage.head(key)).toBeNull();
    });

    it('refuses documents for a credential being analyzed with 409 and removes the file', async () => {
      const credential = await createCredential('Busy');
      await orm.em
        .fork()
        .getConnection()
        .execute(`update credentials set status = 'analyzing' where id = ?`, [credential.id]);
      const { key, response } = await uploadAndRegister(credential.id, {
        body: SAMPLE_PNG,
        name: 'd.png',
        type: 'image/png',
      });
      expect(response.status).toBe(409);
      expect(response.body.message).toBe('Documents cannot be added while the credential is being analyzed');
      expect(
        ((await http().get(`/api/credentials/${credential.id}`).expect(200)).body as Credential).documents,
      ).toEqual([]);
      expect(await storage.head(key)).toBeNull();
    });

    it('refuses a registration when nothing was uploaded to the URL', async () => {
      const credential = await createCredential('Empty');
      const { uploadURL } = await presign();
      const response = await http()
        .put('/api/documents/upload-complete')
        .send({ uploadURL, credentialId: credential.id, fileName: 'e.pdf', fileSize: 5, fileType: 'application/pdf' })
        .expect(400);
      expect(response.body.message).toBe('No file was uploaded to this URL');
    });

    it('removes uploads that were never registered once their registration window has closed', async () => {
      const { uploadURL, key } = await presign();
      await putFile(uploadURL, SAMPLE_PNG, 'image/png');
      const uploads = app.get(UploadsService);
      expect(await uploads.sweepAbandonedUploads(new Date())).toBe(0);
      expect(await storage.head(key)).not.toBeNull();
      const later = new Date(Date.now() + 3 * UPLOAD_URL_TTL_SECONDS * 1000);
      expect(await uploads.sweepAbandonedUploads(later)).toBeGreaterThanOrEqual(1);
      expect(await storage.head(key)).toBeNull();
    });
  });
});
