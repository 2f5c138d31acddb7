import { Injectable } from '@nestjs/common';
import type { EmailTemplate, UpdateEmailTemplateRequest } from '@app/contracts';
import { EMAIL_TEMPLATE_SAMPLE_VALUES, renderEmailTemplate, validateEmailTemplate } from '@app/domain';
import type { EmailTemplateEntity } from './email-template.entity';
import { EmailTemplateInvalidError, EmailTemplateNotFoundError } from './gmail.errors';
import { GmailRepository } from './gmail.repository';

export function toEmailTemplate(template: EmailTemplateEntity): EmailTemplate {
  return {
    id: template.id,
    name: template.name,
    subject: template.subject,
    body: template.body,
    isDefault: template.isDefault,
    updatedAt: template.updatedAt.toISOString(),
  };
}

@Injectable()
export class EmailTemplatesService {
  constructor(private readonly repository: GmailRepository) {}

  async list(): Promise<EmailTemplate[]> {
    return (await this.repository.listTemplates()).map(toEmailTemplate);
  }

  /** Replaces subject and body (and the name when given) after the domain rules accept them. */
  async update(id: string, request: UpdateEmailTemplateRequest): Promise<EmailTemplate> {
    const fieldErrors = validateEmailTemplate({ subject: request.subject, body: request.body });
    if (Object.keys(fieldErrors).length > 0) throw new EmailTemplateInvalidError(fieldErrors);
    const updated = await this.repository.updateTemplate(id, {
      subject: request.subject,
      body: request.body,
      ...(request.name !== undefined ? { name: request.name.trim() } : {}),
    });
    if (!updated) throw new EmailTemplateNotFoundError();
    return toEmailTemplate(updated);
  }

  /** For the checklist: a template exists, and the default one renders with every placeholder filled. */
  async health(): Promise<{ exists: boolean; renders: boolean }> {
    const template = await this.repository.findDefaultTemplate();
    if (!template) return { exists: false, renders: false };
    if (Object.keys(validateEmailTemplate(template)).length > 0) return { exists: true, renders: false };
    try {
      const rendered = renderEmailTemplate(template, EMAIL_TEMPLATE_SAMPLE_VALUES);
      return {
        exists: true,
        renders:
          rendered.subject !== '' && rendered.body.trim() !== '' && !/\{\{|\}\}/.test(rendered.subject + rendered.body),
      };
    } catch {
      return { exists: true, renders: false };
    }
  }
}
