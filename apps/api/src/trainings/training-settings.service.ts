import { Injectable } from '@nestjs/common';
import type { TrainingSettings } from '@app/contracts';
import { trainingSettingsFieldError } from '@app/domain';
import { AuditService, type AuditActor } from '../audit/audit.service';
import { TransactionRunner } from '../database/transaction-runner';
import { ValidationFailedError } from '../common/errors/app-error';
import { TrainingNotFoundError } from './trainings.errors';
import { TrainingsRepository } from './trainings.repository';

/** Per-training settings the admin edits in the panel: the contact hours a completion certifies. */
@Injectable()
export class TrainingSettingsService {
  constructor(
    private readonly trainings: TrainingsRepository,
    private readonly audit: AuditService,
    private readonly transactions: TransactionRunner,
  ) {}

  list(): Promise<TrainingSettings[]> {
    return this.trainings.listContactHours();
  }

  /** The hours arrive checked by the DTO; checked again by the same rule (training-settings-form.ts) for any caller. */
  async setContactHours(trainingName: string, value: number, actor: AuditActor): Promise<TrainingSettings> {
    const problem = trainingSettingsFieldError('contactHours', value);
    if (problem) throw new ValidationFailedError(problem, { contactHours: [problem] });
    await this.transactions.run(async (em) => {
      const changed = await this.trainings.setContactHours(em, trainingName, value);
      if (!changed) throw new TrainingNotFoundError();
      await this.audit.record(
        em,
        actor,
        'training.settings',
        { type: 'training', id: null },
        `Contact hours of ${trainingName}: ${changed.before ?? 'not set'} → ${value}`,
        { trainingName, contactHours: { from: changed.before, to: value } },
      );
    });
    return { trainingName, contactHours: value };
  }
}
