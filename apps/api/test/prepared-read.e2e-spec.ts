import { TableNotFoundException } from '@mikro-orm/core';
import { COHORT_LIST_ORDER, COHORT_LIST_SELECT } from '../src/cohorts/cohort-seats.repository';
import { preparedRead } from '../src/database/prepared-read';
import { TransactionRunner } from '../src/database/transaction-runner';
import { startTestApi, TestApi } from './support/test-app';

describe('preparedRead (docs/decisions/017)', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi();
  });

  afterAll(async () => {
    await api.close();
  });

  const cohortList = `${COHORT_LIST_SELECT} where c.training_name = ? and c.created_at < ? ${COHORT_LIST_ORDER}`;
  const addCohort = (month: string) =>
    `insert into cohorts (id, training_name, cohort_month, created_at, capacity)
     values (gen_random_uuid(), 'Parts Therapy Practitioner', '${month}', now(), 10)`;

  it('answers the rows em.execute answers, with the same parameters and types', async () => {
    const em = api.em();
    await em.execute(addCohort('2031-01'));
    const params = ['Parts Therapy Practitioner', new Date(Date.now() + 60_000)];
    const prepared = await preparedRead(em, cohortList, params);
    expect(prepared.length).toBeGreaterThan(0);
    expect(prepared).toEqual(await em.execute(cohortList, params));
    expect(await preparedRead(em, cohortList, params)).toEqual(prepared);
  });

  it("runs in the caller's transaction, as a named statement of its connection", async () => {
    const tx = api.app.get(TransactionRunner);
    const rolledBack = new Error('roll back');
    await expect(
      tx.run(async (em) => {
        await em.execute(addCohort('2032-02'));
        const rows = await preparedRead<{ cohort_month: string }>(em, cohortList, [
          'Parts Therapy Practitioner',
          new Date(Date.now() + 60_000),
        ]);
        expect(rows.map((row) => row.cohort_month)).toContain('2032-02');
        const statements = await em.execute<Array<{ statement: string }>>(
          "select statement from pg_prepared_statements where name like 'r%'",
        );
        let position = 0;
        const asSent = cohortList.replace(/\?/g, () => `$${++position}`);
        expect(statements.map((row) => row.statement)).toContain(asSent);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    const after = await preparedRead<{ cohort_month: string }>(api.em(), cohortList, [
      'Parts Therapy Practitioner',
      new Date(Date.now() + 60_000),
    ]);
    expect(after.map((row) => row.cohort_month)).not.toContain('2032-02');
  });

  it("throws MikroORM's exceptions, as em.execute does", async () => {
    await expect(preparedRead(api.em(), 'select id from no_such_table where id = ?', [1])).rejects.toBeInstanceOf(
      TableNotFoundException,
    );
  });
});
