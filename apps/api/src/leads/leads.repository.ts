import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { Lead } from '@app/contracts';
import { Evaluation } from '../analysis/evaluation.entity';

@Injectable()
export class LeadsRepository {
  constructor(private readonly em: EntityManager) {}

  /** Every lead contact of every completed credential, newest credential first, contacts in found order. */
  async listLeads(): Promise<Lead[]> {
    const evaluations = await this.em
      .fork()
      .find(
        Evaluation,
        { credential: { status: 'completed' } },
        { populate: ['credential'], orderBy: { credential: { createdAt: 'desc' } } },
      );
    return evaluations.flatMap((evaluation) =>
      evaluation.leadContacts.map((contact) => ({
        credentialId: evaluation.credential.id,
        credentialName: evaluation.credential.name,
        name: contact.name,
        title: contact.title ?? null,
        email: contact.email ?? null,
        organization: contact.organization ?? null,
      })),
    );
  }
}
