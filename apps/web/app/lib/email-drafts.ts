import type { CreateEmailDraftsResult } from '@app/contracts';

/** The answer of the email-drafts resource route, as the button on the evaluation page reads it. */
export type EmailDraftsActionData = ({ ok: true } & CreateEmailDraftsResult) | { ok: false; message: string };
