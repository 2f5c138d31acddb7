/** The filters every admin list of enrollments takes. */
export interface EnrollmentQuery {
  trainingName?: string;
  createdFrom?: Date;
  createdBefore?: Date;
}

/** SQL conditions on `enrollments e`, joined by `and`, each with its parameters in order. */
export class SqlFilters {
  private readonly conditions: string[] = [];
  readonly params: unknown[] = [];

  /** Adds `condition` (one `?` per value) when the filter is set; an empty or absent value leaves it out. */
  add(condition: string, value: unknown, ...more: unknown[]): this {
    if (!value) return this;
    this.conditions.push(condition);
    this.params.push(value, ...more);
    return this;
  }

  /** `where …`, or '' when no filter is set. */
  get clause(): string {
    return this.conditions.length ? `where ${this.conditions.join(' and ')}` : '';
  }
}

/** The training and creation-date filters both enrollment lists share. */
export function enrollmentFilters(query: EnrollmentQuery): SqlFilters {
  return new SqlFilters()
    .add('e.training_name = ?', query.trainingName)
    .add('e.created_at >= ?', query.createdFrom)
    .add('e.created_at < ?', query.createdBefore);
}
