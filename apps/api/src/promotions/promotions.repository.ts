import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { PromotionCode, PromotionDiscountType, PromotionPurchaseKind, TrainingName } from '@app/contracts';
import type { PromotionFormValue } from '@app/domain';
import { endOfUtcDay, startOfUtcDay } from '@app/domain';
import { randomUUID } from 'node:crypto';

interface CodeRow {
  id: string;
  code: string;
  discount_type: PromotionDiscountType;
  percent_off: number | null;
  amount_off_cents: number | null;
  trainings: TrainingName[];
  purchase_kinds: PromotionPurchaseKind[];
  valid_from: Date | string | null;
  valid_until: Date | string | null;
  max_uses: number | null;
  once_per_email: boolean;
  active: boolean;
  created_at: Date;
  updated_at: Date;
  uses?: string | number;
  discount_given?: string | number;
}

/** A code as checkout reads it, locked. */
export interface LockedPromotionCode {
  id: string;
  code: string;
  discountType: PromotionDiscountType;
  percentOff: number | null;
  amountOffCents: number | null;
  trainings: TrainingName[];
  purchaseKinds: PromotionPurchaseKind[];
  validFrom: Date | null;
  validUntil: Date | null;
  maxUses: number | null;
  oncePerEmail: boolean;
  active: boolean;
}

const COLUMNS = `c.id, c.code, c.discount_type, c.percent_off, c.amount_off_cents, c.trainings, c.purchase_kinds,
  c.valid_from, c.valid_until, c.max_uses, c.once_per_email, c.active, c.created_at, c.updated_at`;

/** A use counts while its payment is paid, or while a checkout not yet paid holds it. */
const LIVE_USE = `(p.status = 'succeeded' or r.held_until > now())`;

/** Paid uses and the discount they gave, per code. */
const USES = `
  left join lateral (
    select count(*) as uses, coalesce(sum(r.discount_cents), 0) as discount_given
    from promotion_redemptions r join payments p on p.id = r.payment_id
    where r.promotion_code_id = c.id and p.status = 'succeeded'
  ) u on true`;

function day(value: Date | string | null): string | null {
  return value ? new Date(value).toISOString().slice(0, 10) : null;
}

/** The panel's view of a code: the locked reading with its window as days, its use and its times. */
function toDto(row: CodeRow): PromotionCode {
  return {
    ...toLocked(row),
    validFrom: day(row.valid_from),
    validUntil: day(row.valid_until),
    uses: Number(row.uses ?? 0),
    discountGivenCents: Number(row.discount_given ?? 0),
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

function toLocked(row: CodeRow): LockedPromotionCode {
  return {
    id: row.id,
    code: row.code,
    discountType: row.discount_type,
    percentOff: row.percent_off,
    amountOffCents: row.amount_off_cents,
    trainings: row.trainings,
    purchaseKinds: row.purchase_kinds,
    validFrom: row.valid_from ? new Date(row.valid_from) : null,
    validUntil: row.valid_until ? new Date(row.valid_until) : null,
    maxUses: row.max_uses,
    oncePerEmail: row.once_per_email,
    active: row.active,
  };
}

function values(form: PromotionFormValue): unknown[] {
  return [
    form.code,
    form.discountType,
    form.percentOff,
    form.amountOffCents,
    JSON.stringify(form.trainings),
    JSON.stringify(form.purchaseKinds),
    form.validFrom ? startOfUtcDay(form.validFrom) : null,
    form.validUntil ? endOfUtcDay(form.validUntil) : null,
    form.maxUses,
    form.oncePerEmail,
    form.active,
  ];
}

/** The only writer of promotion_codes and promotion_redemptions. */
@Injectable()
export class PromotionsRepository {
  constructor(private readonly em: EntityManager) {}

  async list(): Promise<PromotionCode[]> {
    const rows = await this.em
      .getConnection()
      .execute<CodeRow[]>(
        `select ${COLUMNS}, u.uses, u.discount_given from promotion_codes c ${USES} order by c.created_at desc`,
      );
    return rows.map(toDto);
  }

  async findById(id: string): Promise<PromotionCode | null> {
    const [row] = await this.em
      .getConnection()
      .execute<CodeRow[]>(`select ${COLUMNS}, u.uses, u.discount_given from promotion_codes c ${USES} where c.id = ?`, [
        id,
      ]);
    return row ? toDto(row) : null;
  }

  async insert(em: EntityManager, form: PromotionFormValue): Promise<string> {
    const id = randomUUID();
    await em.execute(
      `insert into promotion_codes (id, code, discount_type, percent_off, amount_off_cents, trainings, purchase_kinds,
         valid_from, valid_until, max_uses, once_per_email, active, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?::jsonb, ?::jsonb, ?, ?, ?, ?, ?, now(), now())`,
      [id, ...values(form)],
      'run',
    );
    return id;
  }

  /** The code as it was before the change (for the audit), or null when there is none. */
  async update(em: EntityManager, id: string, form: PromotionFormValue): Promise<LockedPromotionCode | null> {
    const before = await this.lockById(em, id);
    if (!before) return null;
    await em.execute(
      `update promotion_codes set code = ?, discount_type = ?, percent_off = ?, amount_off_cents = ?, trainings = ?::jsonb,
         purchase_kinds = ?::jsonb, valid_from = ?, valid_until = ?, max_uses = ?, once_per_email = ?, active = ?,
         updated_at = now()
       where id = ?`,
      [...values(form), id],
      'run',
    );
    return before;
  }

  /** false when there is no such code; a code already off stays as it is. */
  async deactivate(em: EntityManager, id: string): Promise<LockedPromotionCode | null> {
    const before = await this.lockById(em, id);
    if (!before) return null;
    await em.execute('update promotion_codes set active = false, updated_at = now() where id = ?', [id], 'run');
    return before;
  }

  /** The code this payment uses and the email it was priced for; null when it uses none. */
  async redemptionOf(em: EntityManager, paymentId: string): Promise<{ codeId: string; email: string } | null> {
    const [row] = await em.execute<Array<{ promotion_code_id: string; customer_email: string }>>(
      'select promotion_code_id, customer_email from promotion_redemptions where payment_id = ?',
      [paymentId],
    );
    return row ? { codeId: row.promotion_code_id, email: row.customer_email } : null;
  }

  async lockById(em: EntityManager, id: string): Promise<LockedPromotionCode | null> {
    const [row] = await em.execute<CodeRow[]>(`select ${COLUMNS} from promotion_codes c where c.id = ? for update`, [
      id,
    ]);
    return row ? toLocked(row) : null;
  }

  /**
   * The code by its text (case-insensitive), its row locked for the rest of the caller's transaction: concurrent
   * checkouts of one code count and hold its uses one at a time.
   */
  async lockByCode(em: EntityManager, code: string): Promise<LockedPromotionCode | null> {
    const [row] = await em.execute<CodeRow[]>(
      `select ${COLUMNS} from promotion_codes c where upper(c.code) = upper(?) for update`,
      [code],
    );
    return row ? toLocked(row) : null;
  }

  /** Live uses of the code by other payments than this one: all, and those by this email. */
  async countUses(
    em: EntityManager,
    codeId: string,
    paymentId: string,
    email: string,
  ): Promise<{ usesByOthers: number; usesByEmail: number }> {
    const [row] = await em.execute<Array<{ all_uses: string; email_uses: string }>>(
      `select count(*) as all_uses,
         count(*) filter (where lower(r.customer_email) = lower(?)) as email_uses
       from promotion_redemptions r join payments p on p.id = r.payment_id
       where r.promotion_code_id = ? and r.payment_id <> ? and ${LIVE_USE}`,
      [email, codeId, paymentId],
    );
    return { usesByOthers: Number(row?.all_uses ?? 0), usesByEmail: Number(row?.email_uses ?? 0) };
  }

  /** Holds (or moves) this payment's one use of a code until `heldUntil`. */
  async hold(
    em: EntityManager,
    input: { codeId: string; paymentId: string; email: string; discountCents: number; heldUntil: Date },
  ): Promise<void> {
    await em.execute(
      `insert into promotion_redemptions (id, promotion_code_id, payment_id, customer_email, discount_cents, held_until, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, now(), now())
       on conflict (payment_id) do update set promotion_code_id = excluded.promotion_code_id,
         customer_email = excluded.customer_email, discount_cents = excluded.discount_cents,
         held_until = excluded.held_until, updated_at = now()`,
      [randomUUID(), input.codeId, input.paymentId, input.email, input.discountCents, input.heldUntil],
      'run',
    );
  }

  /** The payment no longer uses a code (the buyer removed it). */
  async release(em: EntityManager, paymentId: string): Promise<void> {
    await em.execute('delete from promotion_redemptions where payment_id = ?', [paymentId], 'run');
  }

  /** Keeps a use held while the payment is authorised and its capture decided (as long as its seat holds). */
  async extendHold(em: EntityManager, paymentId: string, heldUntil: Date): Promise<void> {
    await em.execute(
      'update promotion_redemptions set held_until = greatest(held_until, ?), updated_at = now() where payment_id = ?',
      [heldUntil, paymentId],
      'run',
    );
  }
}
