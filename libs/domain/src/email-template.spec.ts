import {
  DEFAULT_EMAIL_TEMPLATE,
  EMAIL_TEMPLATE_PLACEHOLDERS,
  EMAIL_TEMPLATE_SAMPLE_VALUES,
  EmailTemplateError,
  emailTemplateValues,
  formatRecommendedCredits,
  renderEmailTemplate,
  templatePlaceholders,
  unknownTemplatePlaceholders,
  validateEmailTemplate,
} from './email-template';

describe('email templates', () => {
  it('fills every placeholder, with or without spaces inside the braces', () => {
    const rendered = renderEmailTemplate(
      {
        subject: 'Hello {{ contactName }}',
        body: '{{organization}} / {{credentialName}} / {{recommendedCredits}} / {{senderEmail}} / {{contactTitle}}',
      },
      EMAIL_TEMPLATE_SAMPLE_VALUES,
    );
    expect(rendered).toEqual({
      subject: 'Hello Dr. Jane Doe',
      body: 'Example Institute / Example Certificate / 3.6 / admissions@example.com / Program Director',
    });
  });

  it('keeps the subject on one line even when a value holds line breaks', () => {
    const rendered = renderEmailTemplate(
      { subject: 'For {{organization}}', body: 'x' },
      { ...EMAIL_TEMPLATE_SAMPLE_VALUES, organization: 'Evil\r\nBcc: attacker@example.com' },
    );
    expect(rendered.subject).toBe('For Evil Bcc: attacker@example.com');
    expect(rendered.subject).not.toMatch(/[\r\n]/);
  });

  it('refuses to render an unknown placeholder', () => {
    expect(() => renderEmailTemplate({ subject: '{{firstName}}', body: '' }, EMAIL_TEMPLATE_SAMPLE_VALUES)).toThrow(
      EmailTemplateError,
    );
  });

  it('leaves text without placeholders and single braces alone', () => {
    expect(renderEmailTemplate({ subject: 'Plain {x}', body: 'a { b } c' }, EMAIL_TEMPLATE_SAMPLE_VALUES)).toEqual({
      subject: 'Plain {x}',
      body: 'a { b } c',
    });
  });

  it('lists the placeholders used and the unknown ones', () => {
    expect(templatePlaceholders('{{a}} {{contactName}} {{a}}')).toEqual(['a', 'contactName']);
    expect(unknownTemplatePlaceholders('{{a}} {{contactName}} {{ b }}')).toEqual(['a', 'b']);
  });

  it('accepts the default template and renders it with no braces left', () => {
    expect(validateEmailTemplate(DEFAULT_EMAIL_TEMPLATE)).toEqual({});
    const rendered = renderEmailTemplate(DEFAULT_EMAIL_TEMPLATE, EMAIL_TEMPLATE_SAMPLE_VALUES);
    expect(rendered.subject).toBe('Credit recognition for Example Certificate at Example Institute');
    expect(rendered.body).toContain('Dear Dr. Jane Doe,');
    expect(rendered.body).toContain('we recommend 3.6 quarter credits');
    expect(`${rendered.subject}${rendered.body}`).not.toMatch(/[{}]/);
  });

  it('reports unknown placeholders, empty text, a multi-line subject and over-long text per field', () => {
    expect(validateEmailTemplate({ subject: 'Hi {{firstName}}', body: '{{contactName}} {{deal}} {{x}}' })).toEqual({
      subject: [expect.stringContaining('Unknown placeholder {{firstName}}')],
      body: [expect.stringContaining('Unknown placeholders {{deal}}, {{x}}')],
    });
    expect(validateEmailTemplate({ subject: ' ', body: '' })).toEqual({
      subject: ['Subject is required'],
      body: ['Body is required'],
    });
    expect(validateEmailTemplate({ subject: 'a\nb', body: 'x' }).subject).toEqual(['Subject must be one line']);
    expect(validateEmailTemplate({ subject: 's'.repeat(301), body: 'b'.repeat(20001) })).toEqual({
      subject: ['Subject must be at most 300 characters'],
      body: ['Body must be at most 20000 characters'],
    });
  });

  it('names every allowed placeholder in the unknown-placeholder message', () => {
    const [message] = validateEmailTemplate({ subject: '{{nope}}', body: 'x' }).subject ?? [];
    for (const name of EMAIL_TEMPLATE_PLACEHOLDERS) expect(message).toContain(`{{${name}}}`);
  });

  it('formats recommended credits to one decimal', () => {
    expect(formatRecommendedCredits(3.6)).toBe('3.6');
    expect(formatRecommendedCredits(4)).toBe('4');
    expect(formatRecommendedCredits(3.66)).toBe('3.7');
    expect(formatRecommendedCredits(null)).toBe('0');
  });

  it('builds values for a contact, with neutral words for missing parts', () => {
    expect(
      emailTemplateValues({
        contact: { name: ' ', title: null, organization: null },
        credentialName: 'Trauma Course',
        totalCredits: 3.6,
        senderEmail: 'me@example.com',
      }),
    ).toEqual({
      contactName: 'Sir or Madam',
      contactTitle: '',
      organization: 'your organization',
      credentialName: 'Trauma Course',
      recommendedCredits: '3.6',
      senderEmail: 'me@example.com',
    });
  });
});
