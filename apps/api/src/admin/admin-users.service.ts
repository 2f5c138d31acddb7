import { Injectable } from '@nestjs/common';
import { AdminUser } from './admin-user.entity';
import { AdminUsersRepository } from './admin-users.repository';
import { adminAccountProblem, hashPassword, verifyPassword } from './password-hasher';

export type AdminUpsertResult = 'created' | 'updated' | 'unchanged';

export class InvalidAdminAccountError extends Error {
  override name = 'InvalidAdminAccountError';
}

/** Admin accounts; used by the API at start and by the admin:create command (constructed by hand there). */
@Injectable()
export class AdminUsersService {
  constructor(private readonly repository: AdminUsersRepository) {}

  hasAnyAdmin(): Promise<boolean> {
    return this.repository.count().then((count) => count > 0);
  }

  /** Makes `username` exist with exactly this password; an existing account keeps its id and gets the new hash. */
  async setPassword(username: string, password: string): Promise<AdminUpsertResult> {
    const problem = adminAccountProblem(username, password);
    if (problem) throw new InvalidAdminAccountError(problem);
    const existing = await this.repository.findByUsername(username);
    if (existing) {
      if (await verifyPassword(existing.passwordHash, password)) return 'unchanged';
      existing.passwordHash = await hashPassword(password);
      await this.repository.save(existing);
      return 'updated';
    }
    const user = new AdminUser();
    user.username = username;
    user.passwordHash = await hashPassword(password);
    await this.repository.save(user);
    return 'created';
  }
}
