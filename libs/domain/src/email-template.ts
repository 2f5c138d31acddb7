/** The placeholders an outreach email template may use, written {{name}}. */
export const EMAIL_TEMPLATE_PLACEHOLDERS = [
  'contactName',
  'contactTitle',
  'organization',
  'credentialName',
  'recommendedCredits',
  'senderEmail',
] as const;

export type EmailTemplatePlaceholder = (typeof EMAIL_TEMPLATE_PLACEHOLDERS)[number];
export type EmailTemplateValues = Record<EmailTemplatePlaceholder, string>;

export interface EmailTemplateText {
  subject: string;
  body: string;
}

export const EMAIL_TEMPLATE_LIMITS = { nameMax: 100, subjectMax: 300, bodyMax: 20000 } as const;

export const DEFAULT_EMAIL_TEMPLATE: Readonly<EmailTemplateText & { name: string }> = {
  name: 'Partnership introduction',
  subject: 'Credit recognition for {{credentialName}} at {{organization}}',
  body: [
    'Dear {{contactName}},',
    '',
    'We recently evaluated the credential "{{credentialName}}" from {{organization}} for academic credit recognition.',
    'Based on the documents we reviewed, we recommend {{recommendedCredits}} quarter credits for it.',
    '',
    'We would welcome a conversation about a partnership, so that future participants of your programme',
    'can have their training recognised without a separate review.',
    '',
    'You can reply to this email or write to {{senderEmail}}.',
    '',
    'Kind regards,',
    'The Admissions Team',
  ].join('\n'),
};

/** Values that exercise every placeholder; used to check a template renders. */
export const EMAIL_TEMPLATE_SAMPLE_VALUES: Readonly<EmailTemplateValues> = {
  contactName: 'Dr. Jane Doe',
  contactTitle: 'Program Director',
  organization: 'Example Institute',
  credentialName: 'Example Certificate',
  recommendedCredits: '3.6',
  senderEmail: 'admissions@example.com',
};

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

function isKnown(name: string): name is EmailTemplatePlaceholder {
  return (EMAIL_TEMPLATE_PLACEHOLDERS as readonly string[]).includes(name);
}

/** The distinct placeholder names used in a text, in order of first use. */
export function templatePlaceholders(text: string): string[] {
  return Array.from(new Set(Array.from(text.matchAll(PLACEHOLDER), (match) => match[1] ?? '')));
}

export function unknownTemplatePlaceholders(text: string): string[] {
  return templatePlaceholders(text).filter((name) => !isKnown(name));
}

/** Field errors for a template (empty when valid): required text, lengths, a one-line subject, known placeholders. */
export function validateEmailTemplate(template: EmailTemplateText): Partial<Record<keyof EmailTemplateText, string[]>> {
  const errors: Partial<Record<keyof EmailTemplateText, string[]>> = {};
  const add = (field: keyof EmailTemplateText, message: string): void => {
    (errors[field] ??= []).push(message);
  };
  if (template.subject.trim() === '') add('subject', 'Subject is required');
  if (template.subject.length > EMAIL_TEMPLATE_LIMITS.subjectMax) {
    add('subject', `Subject must be at most ${EMAIL_TEMPLATE_LIMITS.subjectMax} characters`);
  }
  if (/[\r\n]/.test(template.subject)) add('subject', 'Subject must be one line');
  if (template.body.trim() === '') add('body', 'Body is required');
  if (template.body.length > EMAIL_TEMPLATE_LIMITS.bodyMax) {
    add('body', `Body must be at most ${EMAIL_TEMPLATE_LIMITS.bodyMax} characters`);
  }
  const allowed = EMAIL_TEMPLATE_PLACEHOLDERS.map((name) => `{{${name}}}`).join(', ');
  for (const field of ['subject', 'body'] as const) {
    const unknown = unknownTemplatePlaceholders(template[field]);
    if (unknown.length > 0) {
      add(
        field,
        `Unknown placeholder${unknown.length > 1 ? 's' : ''} ${unknown.map((n) => `{{${n}}}`).join(', ')}; use ${allowed}`,
      );
    }
  }
  return errors;
}

export class EmailTemplateError extends Error {
  override name = 'EmailTemplateError';
}

function fill(text: string, values: EmailTemplateValues): string {
  return text.replace(PLACEHOLDER, (_match, name: string) => {
    if (!isKnown(name)) throw new EmailTemplateError(`Unknown placeholder {{${name}}}`);
    return values[name];
  });
}

/**
 * Fills the placeholders. The subject is kept on one line whatever the values hold, because a line break
 * in a header would let a value add headers of its own.
 */
export function renderEmailTemplate(template: EmailTemplateText, values: EmailTemplateValues): EmailTemplateText {
  return {
    subject: fill(template.subject, values).replace(/\s+/g, ' ').trim(),
    body: fill(template.body, values),
  };
}

/** '3.6' for 3.6, '4' for 4, '0' when there is no recommendation. */
export function formatRecommendedCredits(totalCredits: number | null | undefined): string {
  if (totalCredits === null || totalCredits === undefined || !Number.isFinite(totalCredits)) return '0';
  return String(Math.round(totalCredits * 10) / 10);
}

/** The placeholder values for one lead contact; missing parts get neutral words so the sentence still reads. */
export function emailTemplateValues(input: {
  contact: { name: string; title: string | null; organization: string | null };
  credentialName: string;
  totalCredits: number | null;
  senderEmail: string;
}): EmailTemplateValues {
  return {
    contactName: input.contact.name.trim() || 'Sir or Madam',
    contactTitle: input.contact.title?.trim() ?? '',
    organization: input.contact.organization?.trim() || 'your organization',
    credentialName: input.credentialName,
    recommendedCredits: formatRecommendedCredits(input.totalCredits),
    senderEmail: input.senderEmail,
  };
}
