import { Injectable } from '@nestjs/common';
import type { StaffRole } from '@app/contracts';
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

  /**
   * Makes `username` exist with exactly this password (and this role, when given); an existing account keeps its id,
   * and a changed password or role ends every session of it (its earlier tokens are refused).
   */
  async setPassword(username: string, password: string, role?: StaffRole): Promise<AdminUpsertResult> {
    const problem = adminAccountProblem(username, password);
    if (problem) throw new InvalidAdminAccountError(problem);
    const existing = await this.repository.findByUsername(username);
    if (existing) {
      const roleChanged = role !== undefined && role !== existing.role;
      if (roleChanged) existing.role = role;
      if (!roleChanged && (await verifyPassword(existing.passwordHash, password))) return 'unchanged';
      if (!(await verifyPassword(existing.passwordHash, password)))
        existing.passwordHash = await hashPassword(password);
      // The tokens issued before the change are refused from now on (the account's token version moves on).
      existing.tokenVersion += 1;
      await this.repository.save(existing);
      return 'updated';
    }
    const user = new AdminUser();
    user.username = username;
    user.passwordHash = await hashPassword(password);
    if (role) user.role = role;
    await this.repository.save(user);
    return 'created';
  }
}
