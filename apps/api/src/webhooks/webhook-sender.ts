import { Injectable } from '@nestjs/common';
import { webhookAddressProblem, webhookUrlProblem, type WebhookUrlPolicy } from '@app/domain';
import ipaddr from 'ipaddr.js';
import { lookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { Webhook } from 'standardwebhooks';
import type { AppConfig } from '../config/app-config';
import { InjectConfig } from '../config/inject-config.decorator';

export type SendResult =
  { ok: true; status: number } | { ok: false; status: number | null; error: string; refused?: boolean };

/** Why the address is refused, thrown before any byte is sent. */
export class WebhookAddressRefusedError extends Error {}

/**
 * Sends one signed webhook. The URL's host is resolved here, at send time; every address it resolves to must be
 * public (no loopback unless the development setting allows it, no private, link-local or metadata address), and the
 * connection goes to the address that was checked (a pinned lookup), so a DNS answer that changes between the check
 * and the connection cannot aim the request inside. Redirects are not followed. The signature headers come from the
 * Standard Webhooks reference library.
 */
@Injectable()
export class WebhookSender {
  readonly policy: WebhookUrlPolicy;
  private readonly timeoutMs: number;

  constructor(@InjectConfig() config: AppConfig) {
    this.policy = {
      requireHttps: config.isProduction || !config.integrations.webhookAllowLoopback,
      allowLoopback: !config.isProduction && config.integrations.webhookAllowLoopback,
    };
    this.timeoutMs = config.integrations.webhookTimeoutSeconds * 1000;
  }

  /** The address to connect to for a URL, after the SSRF checks; throws WebhookAddressRefusedError. */
  async resolve(rawUrl: string): Promise<LookupAddress> {
    const problem = webhookUrlProblem(rawUrl, this.policy);
    if (problem) throw new WebhookAddressRefusedError(problem);
    const host = new URL(rawUrl).hostname.replace(/^\[|\]$/g, '');
    const addresses = ipaddr.isValid(host)
      ? [{ address: host, family: ipaddr.parse(host).kind() === 'ipv6' ? 6 : 4 }]
      : await lookup(host, { all: true, verbatim: true }).catch((error: NodeJS.ErrnoException) => {
          throw new WebhookAddressRefusedError(`The host does not resolve (${error.code ?? 'DNS error'})`);
        });
    if (addresses.length === 0) throw new WebhookAddressRefusedError('The host does not resolve');
    for (const address of addresses) {
      const refused = webhookAddressProblem(address.address, this.policy);
      if (refused) throw new WebhookAddressRefusedError(refused);
    }
    return addresses[0];
  }

  async send(delivery: { url: string; secret: string; messageId: string; payload: string }): Promise<SendResult> {
    let address: LookupAddress;
    try {
      address = await this.resolve(delivery.url);
    } catch (error) {
      if (error instanceof WebhookAddressRefusedError)
        return { ok: false, status: null, error: error.message, refused: true };
      throw error;
    }
    // Whole seconds: the signature covers the same timestamp the header carries.
    const sentAt = new Date(Math.floor(Date.now() / 1000) * 1000);
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'training-api-webhooks/1.0',
      'webhook-id': delivery.messageId,
      'webhook-timestamp': String(sentAt.getTime() / 1000),
      'webhook-signature': new Webhook(delivery.secret).sign(delivery.messageId, sentAt, delivery.payload),
    };
    const pinned: LookupFunction = (_hostname, options, callback) => {
      if (options.all) (callback as (e: null, a: LookupAddress[]) => void)(null, [address]);
      else callback(null, address.address, address.family);
    };
    const url = new URL(delivery.url);
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise<SendResult>((resolve) => {
      const signal = AbortSignal.timeout(this.timeoutMs);
      const req = send(url, { method: 'POST', headers, lookup: pinned, signal }, (response: IncomingMessage) => {
        // The answer's body is not needed; read and drop it so the socket is freed.
        response.resume();
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          resolve(
            status >= 200 && status < 300
              ? { ok: true, status }
              : { ok: false, status, error: `The endpoint answered ${status}` },
          );
        });
        response.on('error', (error) =>
          resolve({ ok: false, status: response.statusCode ?? null, error: error.message }),
        );
      });
      req.on('error', (error: NodeJS.ErrnoException) => {
        const timedOut = signal.aborted;
        resolve({
          ok: false,
          status: null,
          error: timedOut
            ? `No answer within ${this.timeoutMs / 1000} s`
            : `Connection failed (${error.code ?? error.message})`,
        });
      });
      req.end(delivery.payload);
    });
  }
}
