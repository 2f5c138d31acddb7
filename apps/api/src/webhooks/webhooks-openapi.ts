import type { OpenAPIObject } from '@nestjs/swagger';
import { openapiConvertVersion } from 'openapi-format';
import { WEBHOOK_EVENT_TYPES, type WebhookEventDataMap, type WebhookEventType } from '@app/contracts';

type Schema = Record<string, unknown>;

const id = { type: 'string', format: 'uuid' };
const nullableId = { type: ['string', 'null'], format: 'uuid' };
const cents = { type: 'integer', description: 'Cents' };
const object = <T extends string>(properties: Record<T, Schema>, description: string): Schema => ({
  type: 'object',
  description,
  required: Object.keys(properties),
  properties,
});

/** The `data` of each event, field for field as WebhookEventDataMap in libs/contracts (the keys are checked). */
/** An installment's payload, the same whether it was charged or declined. */
const installment = {
  paymentId: id,
  paymentIntentId: { type: 'string' },
  installmentNumber: { type: 'integer' },
  installmentsTotal: { type: 'integer' },
  amount: cents,
};

const DATA: { [T in WebhookEventType]: Schema & { properties: Record<keyof WebhookEventDataMap[T], Schema> } } = {
  'enrollment.created': object(
    {
      enrollmentId: id,
      trainingName: { type: 'string' },
      cohortId: nullableId,
      studentName: { type: 'string' },
      studentEmail: { type: 'string', format: 'email' },
      paymentType: { type: 'string', enum: ['full', '3month', '6month'] },
      paymentIntentId: { type: ['string', 'null'], description: 'null for an enrollment recorded by hand' },
    },
    'A student was enrolled: by a paid checkout (one per training bought) or by hand in the panel.',
  ) as never,
  'enrollment.cancelled': object(
    { enrollmentId: id, reason: { type: 'string', enum: ['admin', 'refund'] } },
    'An enrollment was cancelled in the panel, or because its payment was refunded.',
  ) as never,
  'enrollment.moved': object(
    { enrollmentId: id, fromCohortId: nullableId, toCohortId: id },
    'An enrollment moved to another cohort of its training.',
  ) as never,
  'payment.succeeded': object(
    {
      paymentId: id,
      paymentIntentId: { type: 'string' },
      amount: cents,
      currency: { type: 'string', example: 'usd' },
      paymentType: { type: 'string', enum: ['full', '3month', '6month', 'bundle'] },
      trainings: { type: 'array', items: { type: 'string' } },
      installmentsTotal: { type: 'integer' },
      enrollmentIds: { type: 'array', items: id },
    },
    'A checkout was paid (the first charge of a plan); sent once per payment.',
  ) as never,
  'installment.paid': object(installment, 'A monthly installment of a plan was charged.') as never,
  'installment.failed': object(
    installment,
    'A monthly installment was declined; the plan is past due and the buyer got an update-card link.',
  ) as never,
  'refund.created': object(
    { refundId: { type: 'string' }, enrollmentId: nullableId, paymentIntentId: { type: 'string' }, amount: cents },
    'A refund was made, in the panel or in Stripe’s dashboard; once per refund.',
  ) as never,
  'evaluation.completed': object(
    { credentialId: id, applicantId: nullableId, totalCredits: { type: 'number' } },
    'The analysis of a credential completed (ids and the credits; never the documents’ text).',
  ) as never,
  'review.verified': object(
    { credentialId: id, applicantId: nullableId, awardedCredits: { type: ['number', 'null'] } },
    'Staff verified a credential’s credits.',
  ) as never,
  'review.rejected': object({ credentialId: id, applicantId: nullableId }, 'Staff rejected a credential.') as never,
};

const SIGNATURE_HEADERS = [
  {
    name: 'webhook-id',
    in: 'header',
    required: true,
    description: 'The event’s id: the same on every retry and on a resend, so a receiver can drop duplicates',
    schema: { type: 'string', example: 'msg_2b3f0c6e9d4a4f1e8a7b5c3d2e1f0a9b' },
  },
  {
    name: 'webhook-timestamp',
    in: 'header',
    required: true,
    description: 'Unix seconds of this attempt; refuse it when far from your clock',
    schema: { type: 'string', example: '1764201600' },
  },
  {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    description:
      'v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>"> with the endpoint’s whsec_ secret, per Standard Webhooks; verify with a Standard Webhooks library',
    schema: { type: 'string' },
  },
];

/**
 * The document as OpenAPI 3.1 (Nest's generator writes 3.0; openapi-format's converter rewrites `nullable`, examples
 * and the rest), with the 3.1 `webhooks` section: one operation per event type, with the Standard Webhooks envelope
 * and headers.
 */
export async function addWebhooksSection(document: OpenAPIObject): Promise<OpenAPIObject> {
  const upgraded = (await openapiConvertVersion(document as never, { convertTo: '3.1' }))
    .data as unknown as OpenAPIObject;
  const webhooks = Object.fromEntries(
    WEBHOOK_EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          operationId: `webhook_${type.replace('.', '_')}`,
          summary: `${type}: ${String(DATA[type].description)}`,
          tags: ['webhooks'],
          security: [],
          parameters: SIGNATURE_HEADERS,
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['type', 'timestamp', 'data'],
                  properties: {
                    type: { type: 'string', const: type },
                    timestamp: { type: 'string', format: 'date-time', description: 'When the event happened' },
                    data: DATA[type],
                  },
                },
              },
            },
          },
          responses: {
            '2XX': {
              description:
                'Received. Any other answer, or none within the timeout, is retried with backoff for about 37 hours.',
            },
          },
        },
      },
    ]),
  );
  return { ...upgraded, webhooks } as OpenAPIObject;
}
