import { render } from '@react-email/render';
import { mailDefinition, type MailDataMap, type MailTemplateName, type RenderContext } from './mail-registry';

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** HTML and plain-text parts of one mail, from the same React Email template. */
export async function renderMail<T extends MailTemplateName>(
  template: T,
  data: MailDataMap[T],
  context: RenderContext,
): Promise<RenderedMail> {
  const mail = mailDefinition(template);
  const tree = mail.render(data, context);
  const [html, text] = await Promise.all([render(tree), render(tree, { plainText: true })]);
  return { subject: mail.subject(data), html, text };
}
