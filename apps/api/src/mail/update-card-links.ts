import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { AppConfig } from '../config/app-config';
import { InjectConfig } from '../config/inject-config.decorator';

const AUDIENCE = 'update-card';

/**
 * The signed link of a declined-installment mail: a JWT for one payment plan, with its own audience (an admin
 * token or any other signed value is refused) and an expiry of UPDATE_CARD_LINK_DAYS.
 */
@Injectable()
export class UpdateCardLinks {
  private readonly jwt: JwtService;

  constructor(@InjectConfig() private readonly config: AppConfig) {
    this.jwt = new JwtService({ secret: config.mail.linkSecret });
  }

  token(paymentId: string): string {
    return this.jwt.sign(
      {},
      { subject: paymentId, audience: AUDIENCE, expiresIn: `${this.config.mail.updateCardLinkDays}d` },
    );
  }

  url(paymentId: string): string {
    return `${this.config.webUrl.replace(/\/+$/, '')}/billing/update-card?token=${encodeURIComponent(this.token(paymentId))}`;
  }

  /** The payment id the token was signed for, or null when it is forged, expired or for something else. */
  verify(token: string): string | null {
    try {
      const payload = this.jwt.verify<{ sub?: string }>(token, { audience: AUDIENCE });
      return typeof payload.sub === 'string' ? payload.sub : null;
    } catch {
      return null;
    }
  }
}
