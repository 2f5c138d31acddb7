import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type {
  PromotionCode,
  PromotionPurchaseKind,
  PromotionRefusal,
  SavePromotionCodeRequest,
  TrainingName,
} from '@app/contracts';
import {
  discountedSchedule,
  normalizePromotionCode,
  parsePromotionForm,
  promotionLimitRefusal,
  promotionRefusal,
  type DiscountedSchedule,
  type PromotionFormValue,
} from '@app/domain';
import type { AuditActor } from '../audit/audit.service';
import { AuditService } from '../audit/audit.service';
import { TransactionRunner } from '../database/transaction-runner';
import {
  DuplicatePromotionCodeError,
  PromotionCodeNotFoundError,
  PromotionFormError,
  PromotionRefusedError,
} from './promotions.errors';
import { PromotionsRepository, type LockedPromotionCode } from './promotions.repository';

/** What a checkout is charged once its code (or none) is applied. */
export interface PricedCheckout {
  /** The code as stored (the admin's spelling); null without one. */
  code: string | null;
  schedule: DiscountedSchedule;
}

export interface CheckoutPromotionInput {
  /** As the buyer typed it; empty or null for none. */
  code: string | null;
  paymentId: string;
  email: string;
  trainings: TrainingName[];
  kind: PromotionPurchaseKind;
  /** The undiscounted charge each month (or the one price) and how many. */
  installmentCents: number;
  installments: number;
  heldUntil: Date;
  now: Date;
}

function formValue(request: SavePromotionCodeRequest): PromotionFormValue {
  const parsed = parsePromotionForm(request as unknown as Record<string, unknown>);
  if (!parsed.ok) {
    throw new PromotionFormError(
      Object.fromEntries(Object.entries(parsed.fieldErrors).map(([field, message]) => [field, [message]])),
    );
  }
  return parsed.value;
}

function auditFields(code: LockedPromotionCode | PromotionFormValue): Record<string, unknown> {
  const { code: text, discountType, percentOff, amountOffCents, trainings, purchaseKinds, maxUses } = code;
  const validFrom = code.validFrom instanceof Date ? code.validFrom.toISOString() : code.validFrom;
  const validUntil = code.validUntil instanceof Date ? code.validUntil.toISOString() : code.validUntil;
  return {
    code: text,
    discountType,
    percentOff,
    amountOffCents,
    trainings,
    purchaseKinds,
    validFrom,
    validUntil,
    maxUses,
    oncePerEmail: code.oncePerEmail,
    active: code.active,
  };
}

/** Promotion codes: the admin's management (audited) and their application at checkout. */
@Injectable()
export class PromotionsService {
  constructor(
    private readonly repository: PromotionsRepository,
    private readonly audit: AuditService,
    private readonly tx: TransactionRunner,
  ) {}

  list(): Promise<PromotionCode[]> {
    return this.repository.list();
  }

  async get(id: string): Promise<PromotionCode> {
    const code = await this.repository.findById(id);
    if (!code) throw new PromotionCodeNotFoundError(id);
    return code;
  }

  async create(request: SavePromotionCodeRequest, actor: AuditActor | null): Promise<PromotionCode> {
    const form = formValue(request);
    const id = await this.uniquely(form.code, () =>
      this.tx.run(async (em) => {
        const created = await this.repository.insert(em, form);
        await this.audit.record(
          em,
          actor,
          'promotion.create',
          { type: 'promotion_code', id: created },
          `Created promotion code ${form.code}`,
          auditFields(form),
        );
        return created;
      }),
    );
    return this.get(id);
  }

  async update(id: string, request: SavePromotionCodeRequest, actor: AuditActor | null): Promise<PromotionCode> {
    const form = formValue(request);
    await this.uniquely(form.code, () =>
      this.tx.run(async (em) => {
        const before = await this.repository.update(em, id, form);
        if (!before) throw new PromotionCodeNotFoundError(id);
        await this.audit.record(
          em,
          actor,
          'promotion.update',
          { type: 'promotion_code', id },
          `Changed promotion code ${form.code}`,
          { before: auditFields(before), after: auditFields(form) },
        );
      }),
    );
    return this.get(id);
  }

  async deactivate(id: string, actor: AuditActor | null): Promise<PromotionCode> {
    await this.tx.run(async (em) => {
      const before = await this.repository.deactivate(em, id);
      if (!before) throw new PromotionCodeNotFoundError(id);
      await this.audit.record(
        em,
        actor,
        'promotion.deactivate',
        { type: 'promotion_code', id },
        `Deactivated promotion code ${before.code}`,
        { code: before.code, wasActive: before.active },
      );
    });
    return this.get(id);
  }

  /**
   * Prices a checkout with the buyer's code inside the caller's transaction (the payment row already locked). The
   * code's row is locked, its live uses counted and this payment's use held in the same transaction, so buyers racing
   * for a code's last uses are counted one after the other: a code limited to 10 uses is held by 10 checkouts at
   * most. A refused code throws and the caller's transaction rolls back, so nothing changes. No code: any use this
   * payment held is given back and the plan's own price applies.
   */
  async priceCheckout(em: EntityManager, input: CheckoutPromotionInput): Promise<PricedCheckout> {
    const typed = input.code === null ? '' : normalizePromotionCode(input.code);
    if (!typed) {
      await this.repository.release(em, input.paymentId);
      return { code: null, schedule: discountedSchedule(input.installmentCents, input.installments, null) };
    }
    const code = await this.repository.lockByCode(em, typed);
    const use = code
      ? await this.repository.countUses(em, code.id, input.paymentId, input.email)
      : { usesByOthers: 0, usesByEmail: 0 };
    const refusal = promotionRefusal(code, { trainings: input.trainings, kind: input.kind, at: input.now }, use);
    if (refusal || !code) throw new PromotionRefusedError(refusal ?? { reason: 'unknown' });
    const schedule = discountedSchedule(input.installmentCents, input.installments, code);
    await this.repository.hold(em, {
      codeId: code.id,
      paymentId: input.paymentId,
      email: input.email,
      discountCents: schedule.discountCents,
      heldUntil: input.heldUntil,
    });
    return { code: code.code, schedule };
  }

  /**
   * At the capture decision (the payment row locked by the caller): why the payment may no longer use its code, or
   * null. Its held use may have lapsed while the buyer waited, and others may have taken the code's last uses (or this
   * email's one use) meanwhile; counted under the code row's lock, as at checkout.
   */
  async refusalAtCapture(em: EntityManager, paymentId: string): Promise<PromotionRefusal | null> {
    const redemption = await this.repository.redemptionOf(em, paymentId);
    if (!redemption) return null;
    const code = await this.repository.lockById(em, redemption.codeId);
    if (!code) return null;
    const use = await this.repository.countUses(em, code.id, paymentId, redemption.email);
    return promotionLimitRefusal(code, use);
  }

  /** The payment's use stays held while its authorisation lasts (the capture decision's seat holds). */
  extendHold(em: EntityManager, paymentId: string, heldUntil: Date): Promise<void> {
    return this.repository.extendHold(em, paymentId, heldUntil);
  }

  private async uniquely<T>(code: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw new DuplicatePromotionCodeError(code);
      throw error;
    }
  }
}
