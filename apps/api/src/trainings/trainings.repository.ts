import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { BundlePricing as BundlePricingDto, TrainingPricing as TrainingPricingDto } from '@app/contracts';
import { BundlePricing } from './bundle-pricing.entity';
import { TrainingPricing } from './training-pricing.entity';

@Injectable()
export class TrainingsRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * The price list as plain rows: read on every page view, and hydrating entities into the identity map cost more
   * than the query itself (issue 18's profile). Nothing here is changed, so no entity is needed.
   */
  listPricing(): Promise<TrainingPricingDto[]> {
    return this.em.getConnection().execute<TrainingPricingDto[]>(
      `select id, training_name as "trainingName", full_payment_price as "fullPaymentPrice",
              full_payment_discount as "fullPaymentDiscount", three_month_price as "threeMonthPrice",
              six_month_price as "sixMonthPrice"
         from training_pricing order by full_payment_price desc`,
    );
  }

  findPricing(trainingName: string): Promise<TrainingPricing | null> {
    return this.em.findOne(TrainingPricing, { trainingName });
  }

  findAllBundles(): Promise<BundlePricing[]> {
    return this.em.find(BundlePricing, {}, { orderBy: { bundleType: 'asc', requiresPsychosomatic: 'desc' } });
  }

  listBundles(): Promise<BundlePricingDto[]> {
    return this.em.getConnection().execute<BundlePricingDto[]>(
      `select id, bundle_type as "bundleType", requires_psychosomatic as "requiresPsychosomatic", bundle_price as "bundlePrice"
         from bundle_pricing order by bundle_type asc, requires_psychosomatic desc`,
    );
  }

  /** Each training's contact hours (null: not set), in the price list's order. */
  listContactHours(): Promise<Array<{ trainingName: string; contactHours: number | null }>> {
    return this.em.getConnection().execute(
      `select training_name as "trainingName", contact_hours::float8 as "contactHours"
         from training_pricing order by full_payment_price desc`,
    );
  }

  async contactHours(trainingName: string, em: EntityManager = this.em): Promise<number | null> {
    const [row] = await em
      .getConnection()
      .execute<Array<{ hours: number | null }>>(
        'select contact_hours::float8 as hours from training_pricing where training_name = ?',
        [trainingName],
        'all',
        em.getTransactionContext(),
      );
    return row?.hours ?? null;
  }

  /** Sets a training's contact hours in the caller's transaction; false for an unknown training. */
  async setContactHours(
    em: EntityManager,
    trainingName: string,
    hours: number,
  ): Promise<{ before: number | null } | null> {
    const rows = await em.getConnection().execute<Array<{ before: number | null }>>(
      `update training_pricing t set contact_hours = ?
         from (select contact_hours::float8 as before from training_pricing where training_name = ? for update) old
       where t.training_name = ? returning old.before`,
      [hours, trainingName, trainingName],
      'all',
      em.getTransactionContext(),
    );
    return rows[0] ? { before: rows[0].before } : null;
  }
}
