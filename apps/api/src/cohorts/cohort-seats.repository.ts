import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { Cohort as CohortDto, WaitlistEntryView } from '@app/contracts';
import type { ClientSeatHold } from '@app/domain';
import { randomUUID } from 'node:crypto';
import { preparedRead } from '../database/prepared-read';

// A seat counts as taken by a non-cancelled enrollment, or by a hold of a payment that has not enrolled yet.
const COUNTED_HOLDS = `cohort_seat_holds h join payments p on p.id = h.payment_id
     where h.cohort_id = c.id and h.expires_at > now() and p.status <> 'succeeded'`;
const TAKEN_SEATS = `
  (select count(*) from enrollments e where e.cohort_id = c.id and e.enrollment_status <> 'cancelled')
  + (select count(*) from ${COUNTED_HOLDS})`;

/**
 * The public cohort list's SQL (apps/api/bench/bare-server.ts runs the same for its baseline). It reads cohorts,
 * enrollments, cohort_seat_holds and payments, whose triggers notify `cohorts_changed` (migration 20261128090000);
 * next_hold_expires_in_ms (ms from now() to the first counted hold's expiry) says when time alone changes the seats.
 */
export const COHORT_LIST_SELECT = `
  select c.id, c.training_name, c.cohort_month, c.created_at, c.capacity,
    case when c.capacity is null then null else greatest(0, c.capacity - (${TAKEN_SEATS})) end as seats_left,
    case when c.capacity is null then null else
      (select floor(extract(epoch from min(h.expires_at) - now()) * 1000) from ${COUNTED_HOLDS})
    end as next_hold_expires_in_ms
  from cohorts c`;
export const COHORT_LIST_ORDER = 'order by c.training_name asc, c.cohort_month asc';

export function toCohortListDto(row: CohortListRow): CohortDto {
  return {
    id: row.id,
    trainingName: row.training_name as CohortDto['trainingName'],
    cohortMonth: row.cohort_month,
    createdAt: new Date(row.created_at).toISOString(),
    capacity: row.capacity,
    seatsLeft: row.seats_left === null ? null : Number(row.seats_left),
  };
}

export interface CohortListRow {
  id: string;
  training_name: string;
  cohort_month: string;
  created_at: Date | string;
  capacity: number | null;
  seats_left: string | number | null;
  next_hold_expires_in_ms: string | number | null;
}

/** A cohort of the public list, and when its first counted seat hold expires (ms after the read's now()). */
export interface CohortListEntry {
  cohort: CohortDto;
  nextHoldExpiresInMs: number | null;
}

/**
 * Seats, holds and the waitlist (the only writer of cohort_seat_holds and cohort_waitlist_entries). Every seat is
 * taken under the cohort row's lock (select … for update) inside the caller's transaction: the count and the hold or
 * enrollment that follows it cannot interleave with another buyer's, so the last seat is sold once.
 */
@Injectable()
export class CohortSeatsRepository {
  constructor(private readonly em: EntityManager) {}

  /** Locks the cohort row until the transaction ends; its capacity and seats taken (except by this payment). */
  async lockAndCount(
    em: EntityManager,
    cohortId: string,
    exceptPaymentId: string | null = null,
  ): Promise<{ capacity: number | null; taken: number } | null> {
    const [locked] = await em.execute<Array<{ capacity: number | null }>>(
      'select capacity from cohorts where id = ? for update',
      [cohortId],
    );
    if (!locked) return null;
    const [row] = await em.execute<Array<{ taken: string }>>(
      `select
         (select count(*) from enrollments e where e.cohort_id = ? and e.enrollment_status <> 'cancelled')
         + (select count(*) from cohort_seat_holds h join payments p on p.id = h.payment_id
            where h.cohort_id = ? and h.expires_at > now() and p.status <> 'succeeded' and h.payment_id is distinct from ?) as taken`,
      [cohortId, cohortId, exceptPaymentId],
    );
    return { capacity: locked.capacity, taken: Number(row.taken) };
  }

  /**
   * Holds (or renews) a seat for a payment; a payment holds seats only in the cohorts it last chose. A renewal never
   * shortens a hold (an authorised payment's seat is kept for as long as its authorisation).
   */
  async hold(
    em: EntityManager,
    paymentId: string,
    cohortId: string,
    expiresAt: Date,
    clientKey: string | null = null,
  ): Promise<void> {
    await em.execute(
      `insert into cohort_seat_holds (id, cohort_id, payment_id, expires_at, created_at, client_key) values (?, ?, ?, ?, now(), ?)
       on conflict (cohort_id, payment_id) do update
         set expires_at = greatest(cohort_seat_holds.expires_at, excluded.expires_at),
             client_key = coalesce(excluded.client_key, cohort_seat_holds.client_key)`,
      [randomUUID(), cohortId, paymentId, expiresAt, clientKey],
      'run',
    );
  }

  /**
   * The live holds of a client's other checkouts not decided yet, oldest first, after taking the client's lock (a
   * transaction-scoped advisory lock on its key, so one client's holds are changed one at a time on every API
   * instance). Their payment rows are locked too (after waiting for a capture decision or details update in progress,
   * whose outcome is then re-read): a checkout decided meanwhile is left out, and its holds stay.
   */
  async lockClientHolds(em: EntityManager, clientKey: string, exceptPaymentId: string): Promise<ClientSeatHold[]> {
    await em.execute('select pg_advisory_xact_lock(hashtextextended(?, 25))', [`seat-holds\n${clientKey}`]);
    const rows = await em.execute<Array<{ payment_id: string; cohort_id: string; created_at: Date }>>(
      `select h.payment_id, h.cohort_id, h.created_at from cohort_seat_holds h join payments p on p.id = h.payment_id
       where h.client_key = ? and h.expires_at > now() and h.payment_id <> ?
         and p.status <> 'succeeded' and p.capture_decision is null
       order by h.created_at, h.payment_id
       for no key update of p`,
      [clientKey, exceptPaymentId],
    );
    return rows.map((row) => ({
      paymentId: row.payment_id,
      cohortId: row.cohort_id,
      createdAt: new Date(row.created_at),
    }));
  }

  /** Releases every hold of these checkouts (a client's abandoned or surplus checkouts). */
  async releaseHoldsOf(em: EntityManager, paymentIds: string[]): Promise<void> {
    if (paymentIds.length === 0) return;
    await em.execute(
      `delete from cohort_seat_holds where payment_id in (${paymentIds.map(() => '?').join(', ')})`,
      paymentIds,
      'run',
    );
  }

  async releaseOtherHolds(em: EntityManager, paymentId: string, keepCohortIds: string[]): Promise<void> {
    await em.execute(
      keepCohortIds.length
        ? `delete from cohort_seat_holds where payment_id = ? and cohort_id not in (${keepCohortIds.map(() => '?').join(', ')})`
        : 'delete from cohort_seat_holds where payment_id = ?',
      [paymentId, ...keepCohortIds],
      'run',
    );
  }

  /**
   * The cohort list with seats left, in one query of plain rows: it is read on every checkout page view, and entity
   * hydration plus a second query for the counts cost more than the SQL (issue 18's profile). Seats are counted only
   * for cohorts with a capacity; the rest are unlimited (null). A prepared statement (docs/decisions/017): its three
   * correlated subqueries cost PostgreSQL more to plan than to run.
   */
  async listWithSeats(trainingName?: string): Promise<CohortListEntry[]> {
    const rows = await preparedRead<CohortListRow>(
      this.em,
      `${COHORT_LIST_SELECT} ${trainingName ? 'where c.training_name = ?' : ''} ${COHORT_LIST_ORDER}`,
      trainingName ? [trainingName] : [],
    );
    return rows.map((row) => ({
      cohort: toCohortListDto(row),
      nextHoldExpiresInMs: row.next_hold_expires_in_ms === null ? null : Number(row.next_hold_expires_in_ms),
    }));
  }

  /** Seats taken a cohort, for the public list and the panel. */
  async takenByCohort(cohortIds: string[]): Promise<Map<string, number>> {
    if (cohortIds.length === 0) return new Map();
    const rows = await this.em.execute<Array<{ id: string; taken: string }>>(
      `select c.id, ${TAKEN_SEATS} as taken from cohorts c where c.id in (${cohortIds.map(() => '?').join(', ')})`,
      cohortIds,
    );
    return new Map(rows.map((row) => [row.id, Number(row.taken)]));
  }

  async setCapacity(em: EntityManager, cohortId: string, capacity: number | null): Promise<void> {
    await em.execute('update cohorts set capacity = ? where id = ?', [capacity, cohortId], 'run');
  }

  /** false when this email is already on the cohort's waitlist. */
  async joinWaitlist(cohortId: string, name: string, email: string): Promise<boolean> {
    const rows = await this.em.execute<Array<{ id: string }>>(
      `insert into cohort_waitlist_entries (id, cohort_id, name, email, created_at) values (?, ?, ?, ?, now())
       on conflict (cohort_id, lower(email)) do nothing returning id`,
      [randomUUID(), cohortId, name, email],
    );
    return rows.length === 1;
  }

  async waitlist(cohortId: string | null): Promise<WaitlistEntryView[]> {
    const rows = await this.em.execute<WaitlistRow[]>(
      `select ${WAITLIST_COLUMNS} from cohort_waitlist_entries
       ${cohortId ? 'where cohort_id = ?' : ''} order by created_at, id`,
      cohortId ? [cohortId] : [],
    );
    return rows.map(toWaitlistEntry);
  }

  /**
   * Marks an entry offered, once: one conditional statement, so of parallel offers exactly one sets it (`first`), and
   * the others get the entry as that one left it. null when the entry does not exist.
   */
  async markOffered(em: EntityManager, entryId: string): Promise<{ entry: WaitlistEntryView; first: boolean } | null> {
    const rows = await em.execute<WaitlistRow[]>(
      `update cohort_waitlist_entries set offered_at = now() where id = ? and offered_at is null
       returning ${WAITLIST_COLUMNS}`,
      [entryId],
    );
    if (rows.length === 1) return { entry: toWaitlistEntry(rows[0]), first: true };
    const [existing] = await em.execute<WaitlistRow[]>(
      `select ${WAITLIST_COLUMNS} from cohort_waitlist_entries where id = ?`,
      [entryId],
    );
    return existing ? { entry: toWaitlistEntry(existing), first: false } : null;
  }
}

/** A waitlist entry as selected: the view's names, with the times still dates. */
type WaitlistRow = Omit<WaitlistEntryView, 'offeredAt' | 'createdAt'> & { offeredAt: Date | null; createdAt: Date };

const WAITLIST_COLUMNS =
  'id, cohort_id as "cohortId", name, email, offered_at as "offeredAt", created_at as "createdAt"';

function toWaitlistEntry(row: WaitlistRow): WaitlistEntryView {
  return {
    ...row,
    offeredAt: row.offeredAt ? new Date(row.offeredAt).toISOString() : null,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}
