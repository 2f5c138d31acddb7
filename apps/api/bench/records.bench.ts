import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { testApplicant } from '../test/support/applicant';
import { startTestApi, type TestApi } from '../test/support/test-app';

const RUNS = 100;
const OTHERS = 1000;

async function medianMs(api: TestApi, headers: () => Record<string, string>): Promise<{ median: number; p95: number }> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await api.http.get('/api/credentials').set(headers()).expect(200);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(RUNS / 2)], p95: times[Math.floor(RUNS * 0.95)] };
}

/**
 * The evaluation page's one data call (GET /api/credentials) for an applicant with three credentials, with no other
 * applicants stored and then with 1,000 credentials of 1,000 other applicants (each with a document and an evaluation).
 * Prints figures only. A visitor who has created nothing makes no such call at all.
 */
async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-records-'));
  const api = await startTestApi({ DATA_DIR: dataDir });
  try {
    const visitor = testApplicant(api.app);
    for (const name of ['BA Psychology', 'MSc Counselling', 'Certificate']) {
      await api.http.post('/api/credentials').set(visitor.headers()).send({ name }).expect(201);
    }
    await medianMs(api, visitor.headers);
    const alone = await medianMs(api, visitor.headers);

    const connection = api.em().getConnection();
    const owners = Array.from({ length: OTHERS }, () => randomUUID());
    await connection.execute(`insert into applicants (id, email, created_at) select unnest(?::uuid[]), null, now()`, [
      `{${owners.join(',')}}`,
    ]);
    await connection.execute(
      `insert into credentials (id, name, owner_id, status, failure_reason, analysis_started_at, created_at, updated_at)
       select gen_random_uuid(), 'Other applicant ' || a.id, a.id, 'completed', null, now(), now(), now() from applicants a where a.id = any(?::uuid[])`,
      [`{${owners.join(',')}}`],
    );
    await connection.execute(
      `insert into credential_documents (id, credential_id, file_name, document_type, file_size, file_type, object_key, created_at)
       select gen_random_uuid(), c.id, 'transcript.pdf', 'transcript', 1000, 'application/pdf', 'uploads/' || gen_random_uuid(), now()
         from credentials c where c.owner_id = any(?::uuid[])`,
      [`{${owners.join(',')}}`],
    );
    await connection.execute(
      `insert into evaluations (id, credential_id, total_credits, contact_hours, matched_courses, rigor_score, rigor_explanation,
         topic_relevance, learning_objectives, assessment_methods, instruction_hours, curriculum_structure, credential_source_clarity,
         completion_evidence, minimum_requirements_met, certificate_details, lead_contacts, course_equivalencies, created_at)
       select gen_random_uuid(), c.id, 4, 40, '[]', 7, '[]', true, true, true, true, true, true, true, true,
              '{"recipientName":null,"issuingOrganization":null,"certificateAuthor":null,"completionDate":null}', '[]', '[]', now()
         from credentials c where c.owner_id = any(?::uuid[])`,
      [`{${owners.join(',')}}`],
    );
    await connection.execute('analyze');
    await medianMs(api, visitor.headers);
    const crowded = await medianMs(api, visitor.headers);

    console.log(`GET /api/credentials for an applicant with 3 credentials, ${RUNS} calls each:`);
    console.log(
      `  no other applicants:              median ${alone.median.toFixed(1)} ms, p95 ${alone.p95.toFixed(1)} ms`,
    );
    console.log(
      `  ${OTHERS} other applicants' credentials: median ${crowded.median.toFixed(1)} ms, p95 ${crowded.p95.toFixed(1)} ms`,
    );
  } finally {
    await api.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
