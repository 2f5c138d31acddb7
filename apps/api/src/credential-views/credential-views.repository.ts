import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { AnalysisRecord } from '../analysis/analysis-record.entity';
import { Evaluation } from '../analysis/evaluation.entity';
import { Credential } from '../credentials/credential.entity';
import { CredentialReview } from '../reviews/credential-review.entity';

/** What the visitor's page shows, read in a fixed number of queries however many credentials exist. */
export interface OwnedCredentials {
  credentials: Credential[];
  evaluations: Map<string, Evaluation>;
  /** Analyzing credentials: every stored phase; completed ones: phases 1 and 2, which the evaluation's details come from. */
  analyses: Map<string, AnalysisRecord[]>;
  reviews: Map<string, CredentialReview>;
}

/** Reads only: the credentials, analysis and review tables together, each written by its own feature. */
@Injectable()
export class CredentialViewsRepository {
  constructor(private readonly em: EntityManager) {}

  /** One applicant's credentials with documents, newest first, and their evaluations, phase records and reviews. */
  async listOwned(ownerId: string): Promise<OwnedCredentials> {
    const em = this.em.fork();
    const credentials = await em.find(
      Credential,
      { ownerId },
      { populate: ['documents'], orderBy: { createdAt: 'desc', id: 'asc' } },
    );
    const ids = (status: Credential['status']) => credentials.filter((c) => c.status === status).map((c) => c.id);
    const completed = ids('completed');
    const analyzing = ids('analyzing');
    const [evaluations, records, reviews] = await Promise.all([
      completed.length ? em.find(Evaluation, { credential: { $in: completed } }) : Promise.resolve([]),
      analyzing.length + completed.length
        ? em.find(
            AnalysisRecord,
            { $or: [{ credential: { $in: analyzing } }, { credential: { $in: completed }, phase: { $in: [1, 2] } }] },
            { orderBy: { phase: 'asc' } },
          )
        : Promise.resolve([]),
      completed.length ? em.find(CredentialReview, { credential: { $in: completed } }) : Promise.resolve([]),
    ]);
    const analyses = new Map<string, AnalysisRecord[]>();
    for (const record of records)
      analyses.set(record.credential.id, [...(analyses.get(record.credential.id) ?? []), record]);
    return {
      credentials,
      evaluations: new Map(evaluations.map((e) => [e.credential.id, e])),
      analyses,
      reviews: new Map(reviews.map((r) => [r.credential.id, r])),
    };
  }
}
