import { Injectable } from '@nestjs/common';
import {
  ENROLLMENT_PAGE_SIZE,
  type CreatedWebhookEndpoint,
  type CreateWebhookEndpointRequest,
  type WebhookDeliveryPage,
  type WebhookDeliveryView,
  type WebhookEndpointView,
} from '@app/contracts';
import { parseWebhookEndpointForm } from '@app/domain';
import { randomBytes, randomUUID } from 'node:crypto';
import type { AuthenticatedAdmin } from '../admin/admin-auth.types';
import { AuditService } from '../audit/audit.service';
import { TransactionRunner } from '../database/transaction-runner';
import { WebhookAddressRefusedError, WebhookSender } from './webhook-sender';
import {
  WebhookDeliveryNotFoundError,
  WebhookEndpointInvalidError,
  WebhookEndpointNotFoundError,
  WebhookUrlRefusedError,
} from './webhooks.errors';
import { WebhooksRepository } from './webhooks.repository';

/** The panel's webhook endpoints and their delivery logs. */
@Injectable()
export class WebhooksService {
  constructor(
    private readonly repository: WebhooksRepository,
    private readonly sender: WebhookSender,
    private readonly audit: AuditService,
    private readonly tx: TransactionRunner,
  ) {}

  list(): Promise<WebhookEndpointView[]> {
    return this.repository.listEndpoints();
  }

  /**
   * The URL is checked in form and resolved now (a host that resolves to a private address is refused here too);
   * every delivery checks it again, since DNS can change after registration.
   */
  async create(request: CreateWebhookEndpointRequest, admin: AuthenticatedAdmin): Promise<CreatedWebhookEndpoint> {
    const form = parseWebhookEndpointForm(request, this.sender.policy);
    if (!form.ok) throw new WebhookEndpointInvalidError(form.fieldErrors);
    await this.sender.resolve(form.value.url).catch((error: unknown) => {
      if (error instanceof WebhookAddressRefusedError) throw new WebhookUrlRefusedError(error.message);
      throw error;
    });
    // The Standard Webhooks secret form: whsec_ and 24 random bytes in base64.
    const secret = `whsec_${randomBytes(24).toString('base64')}`;
    const id = randomUUID();
    const endpoint = await this.tx.run(async (em) => {
      const created = await this.repository.insertEndpoint(em, { id, secret, createdBy: admin.id, ...form.value });
      await this.audit.record(
        em,
        admin,
        'webhook.create',
        { type: 'webhook_endpoint', id },
        'Webhook endpoint registered',
        {
          url: form.value.url,
          events: form.value.events,
        },
      );
      return created;
    });
    return { endpoint, secret };
  }

  async setActive(id: string, active: boolean, admin: AuthenticatedAdmin): Promise<WebhookEndpointView> {
    return this.tx.run(async (em) => {
      const endpoint = await this.repository.setActive(em, id, active);
      if (!endpoint) throw new WebhookEndpointNotFoundError();
      await this.audit.record(
        em,
        admin,
        'webhook.update',
        { type: 'webhook_endpoint', id },
        `Webhook endpoint turned ${active ? 'on' : 'off'}`,
        { active },
      );
      return endpoint;
    });
  }

  async deliveries(endpointId: string, page = 1): Promise<WebhookDeliveryPage> {
    const endpoint = await this.repository.findEndpoint(endpointId);
    if (!endpoint) throw new WebhookEndpointNotFoundError();
    const current = Math.max(1, page);
    const { rows, total } = await this.repository.deliveries(
      endpointId,
      ENROLLMENT_PAGE_SIZE,
      (current - 1) * ENROLLMENT_PAGE_SIZE,
    );
    return { endpoint, rows, total, page: current, pageCount: Math.max(1, Math.ceil(total / ENROLLMENT_PAGE_SIZE)) };
  }

  /** Sends a delivery again (a delivery being sent right now is left to finish); it keeps its webhook-id. */
  async resend(id: string, admin: AuthenticatedAdmin): Promise<WebhookDeliveryView> {
    return this.tx.run(async (em) => {
      if (!(await this.repository.findDelivery(id))) throw new WebhookDeliveryNotFoundError();
      await this.repository.resend(em, id);
      await this.audit.record(em, admin, 'webhook.resend', { type: 'webhook_delivery', id }, 'Webhook delivery resent');
      const delivery = await this.repository.findDelivery(id);
      if (!delivery) throw new WebhookDeliveryNotFoundError();
      return delivery;
    });
  }
}
