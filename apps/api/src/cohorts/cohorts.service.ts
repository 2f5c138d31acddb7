import { ForeignKeyConstraintViolationException, UniqueConstraintViolationException } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type { Cohort as CohortDto, CreateCohortRequest, WaitlistEntryView } from '@app/contracts';
import { cohortListValidUntil, cohortMonthLabel, seatsLeft } from '@app/domain';
import { AuditService, type AuditActor } from '../audit/audit.service';
import { TransactionRunner } from '../database/transaction-runner';
import { OutboxRepository } from '../mail/outbox.repository';
import { Cohort } from './cohort.entity';
import type { Expiring } from '../database/notified-cache';
import { CohortListCache } from './cohort-list-cache';
import { CohortSeatsRepository } from './cohort-seats.repository';
import {
  CohortHasEnrollmentsError,
  CohortHasSeatsError,
  CohortNotFoundError,
  DuplicateCohortError,
  WaitlistEntryNotFoundError,
} from './cohorts.errors';
import { CohortsRepository } from './cohorts.repository';

export function toCohortDto(cohort: Cohort, taken = 0): CohortDto {
  return {
    id: cohort.id,
    trainingName: cohort.trainingName as CohortDto['trainingName'],
    cohortMonth: cohort.cohortMonth,
    createdAt: cohort.createdAt.toISOString(),
    capacity: cohort.capacity,
    seatsLeft: seatsLeft(cohort.capacity, taken),
  };
}

const label = (cohort: Cohort) => `${cohort.trainingName}, ${cohortMonthLabel(cohort.cohortMonth)}`;

@Injectable()
export class CohortsService {
  constructor(
    private readonly repository: CohortsRepository,
    private readonly seats: CohortSeatsRepository,
    private readonly audit: AuditService,
    private readonly tx: TransactionRunner,
    private readonly listCache: CohortListCache,
  ) {}

  /**
   * The public list (GET /api/cohorts, the payment plan), cached per instance while nothing changes it: a change to
   * its tables notifies every instance, and the answer ends by itself when its first seat hold expires. One entry per
   * training and one for all (the query DTO admits only the three trainings).
   */
  list(trainingName?: string): Promise<CohortDto[]> {
    return this.listCache.get(trainingName ?? '', (startedAt) => this.read(trainingName, startedAt));
  }

  /**
   * The list as the database has it, and until when that holds by time alone (its first seat hold expiring), for a
   * read that started at `startedAt` (epoch ms): what the cache keeps (list, and the admin panel's answer).
   */
  async read(trainingName: string | undefined, startedAt: number): Promise<Expiring<CohortDto[]>> {
    const entries = await this.seats.listWithSeats(trainingName);
    return {
      value: entries.map((entry) => entry.cohort),
      validUntil: cohortListValidUntil(
        entries.map((entry) => ({ capacity: entry.cohort.capacity, nextHoldExpiresInMs: entry.nextHoldExpiresInMs })),
        startedAt,
      ),
    };
  }

  /** The list as the database has it now, uncached: GET /api/admin/cohorts (checkout checks cohorts uncached as well). */
  async listCurrent(trainingName?: string): Promise<CohortDto[]> {
    return (await this.seats.listWithSeats(trainingName)).map((entry) => entry.cohort);
  }

  async create(request: CreateCohortRequest, actor: AuditActor | null = null): Promise<CohortDto> {
    const { trainingName, cohortMonth } = request;
    if (await this.repository.findByTrainingAndMonth(trainingName, cohortMonth)) {
      throw new DuplicateCohortError(trainingName, cohortMonth);
    }
    try {
      return await this.listCache.changing(() =>
        this.tx.run(async (em) => {
          const cohort = await this.repository.create(em, trainingName, cohortMonth, request.capacity ?? null);
          await this.audit.record(
            em,
            actor,
            'cohort.create',
            { type: 'cohort', id: cohort.id },
            `Created cohort ${label(cohort)}`,
            {
              trainingName,
              cohortMonth,
              capacity: cohort.capacity,
            },
          );
          return toCohortDto(cohort);
        }),
      );
    } catch (error) {
      // Two admins creating the same cohort at once: the unique key decides.
      if (error instanceof UniqueConstraintViolationException)
        throw new DuplicateCohortError(trainingName, cohortMonth);
      throw error;
    }
  }

  /** A capacity below the seats already taken is allowed: nobody is removed, nothing more is sold. */
  async setCapacity(id: string, capacity: number | null, actor: AuditActor | null): Promise<CohortDto> {
    return this.listCache.changing(() =>
      this.tx.run(async (em) => {
        const cohort = await this.repository.findById(id);
        if (!cohort) throw new CohortNotFoundError();
        const before = cohort.capacity;
        await this.seats.setCapacity(em, id, capacity);
        cohort.capacity = capacity;
        await this.audit.record(
          em,
          actor,
          'cohort.update',
          { type: 'cohort', id },
          `Set the capacity of ${label(cohort)} to ${capacity ?? 'no limit'}`,
          {
            capacity: { from: before, to: capacity },
          },
        );
        const taken = await this.seats.takenByCohort([id]);
        return toCohortDto(cohort, taken.get(id) ?? 0);
      }),
    );
  }

  async remove(id: string, actor: AuditActor | null = null): Promise<void> {
    const cohort = await this.repository.findById(id);
    if (!cohort) throw new CohortNotFoundError();
    const enrollments = await this.repository.countEnrollments(cohort);
    if (enrollments > 0) throw new CohortHasEnrollmentsError(enrollments);
    try {
      await this.listCache.changing(() =>
        this.tx.run(async (em) => {
          await this.repository.removeById(em, id);
          await this.audit.record(
            em,
            actor,
            'cohort.delete',
            { type: 'cohort', id },
            `Deleted cohort ${label(cohort)}`,
            {
              trainingName: cohort.trainingName,
              cohortMonth: cohort.cohortMonth,
              capacity: cohort.capacity,
            },
          );
        }),
      );
    } catch (error) {
      // An enrollment added between the count and the delete: the foreign key (on delete restrict) refuses.
      if (error instanceof ForeignKeyConstraintViolationException) throw new CohortHasEnrollmentsError(1);
      throw error;
    }
  }

  /**
   * A visitor asks for a seat in a full cohort; one entry per email a cohort. The name and email have passed the
   * waitlist form's rule in the DTO (trimmed, an email that is one).
   */
  async joinWaitlist(cohortId: string, name: string, email: string): Promise<{ joined: boolean }> {
    const cohort = await this.repository.findById(cohortId);
    if (!cohort) throw new CohortNotFoundError();
    const taken = await this.seats.takenByCohort([cohortId]);
    if (seatsLeft(cohort.capacity, taken.get(cohortId) ?? 0) !== 0) throw new CohortHasSeatsError();
    return { joined: await this.seats.joinWaitlist(cohortId, name, email) };
  }

  waitlist(cohortId: string | null): Promise<WaitlistEntryView[]> {
    return this.seats.waitlist(cohortId);
  }

  /**
   * Offers a freed seat to a waitlisted visitor, once: the entry is marked by a conditional update, and only the call
   * that marked it mails the offer (outbox, keyed by entry) and writes the audit event, in the same transaction. An
   * entry already offered is answered as it is, with nothing new recorded.
   */
  async offerSeat(entryId: string, actor: AuditActor | null): Promise<WaitlistEntryView> {
    return this.tx.run(async (em) => {
      const marked = await this.seats.markOffered(em, entryId);
      if (!marked) throw new WaitlistEntryNotFoundError();
      const { entry } = marked;
      if (!marked.first) return entry;
      const cohort = await this.repository.findById(entry.cohortId);
      if (!cohort) throw new WaitlistEntryNotFoundError();
      await OutboxRepository.enqueue(em, {
        key: `waitlist-offer:${entry.id}`,
        to: entry.email,
        template: 'waitlist-offer',
        data: { name: entry.name, trainingName: cohort.trainingName, cohortMonth: cohort.cohortMonth },
      });
      await this.audit.record(
        em,
        actor,
        'waitlist.offer',
        { type: 'cohort', id: entry.cohortId },
        `Offered a seat to waitlist entry ${entry.id}`,
        {
          waitlistEntryId: entry.id,
        },
      );
      return entry;
    });
  }
}
