import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { createHmac, randomUUID } from 'node:crypto';
import type { AppConfig } from '../config/app-config';
import { InjectConfig } from '../config/inject-config.decorator';
import { AdminTicketRefusedError } from './admin-auth.errors';
import type { AuthenticatedAdmin } from './admin-auth.types';
import { AdminUsersRepository } from './admin-users.repository';

const TICKET_SECONDS = 120;

interface TicketPayload {
  sub: string;
  jti: string;
  exp: number;
}

/**
 * Short-lived, single-use tickets for a browser navigation that cannot carry the admin's bearer token (the Gmail
 * consent redirect). They are signed with a key derived from JWT_SECRET, so a ticket is never accepted as a token.
 */
@Injectable()
export class AdminTicketsService {
  private readonly secret: string;

  constructor(
    private readonly jwt: JwtService,
    private readonly users: AdminUsersRepository,
    @InjectConfig() config: AppConfig,
  ) {
    this.secret = createHmac('sha256', config.auth.jwtSecret).update('admin-ticket').digest('hex');
  }

  issue(admin: AuthenticatedAdmin, purpose: string): Promise<string> {
    return this.jwt.signAsync(
      { sub: admin.id },
      { secret: this.secret, audience: purpose, expiresIn: TICKET_SECONDS, jwtid: randomUUID(), algorithm: 'HS256' },
    );
  }

  /** The admin's id; 401 when the ticket is missing, forged, expired, meant for something else or already used. */
  async redeem(ticket: string | undefined, purpose: string): Promise<string> {
    const refused = new AdminTicketRefusedError();
    if (!ticket) throw refused;
    let payload: TicketPayload;
    try {
      payload = await this.jwt.verifyAsync<TicketPayload>(ticket, {
        secret: this.secret,
        audience: purpose,
        algorithms: ['HS256'],
      });
    } catch {
      throw refused;
    }
    if (!payload.jti || !payload.sub) throw refused;
    if (!(await this.users.consumeOnce(payload.jti, new Date(payload.exp * 1000)))) throw refused;
    if (!(await this.users.findById(payload.sub))) throw refused;
    return payload.sub;
  }
}
