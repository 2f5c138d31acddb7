import { ROUTES } from '@app/contracts';
import type { ActionFunctionArgs } from 'react-router';
import { ApiError, callApi } from '~/lib/api.server';
import type { EmailDraftsActionData } from '~/lib/email-drafts';
import { ADMIN_ONLY_MESSAGE, optionalAdminToken } from '~/lib/session.server';
import { formText, isUuid } from '~/lib/forms.server';

/** Creates Gmail drafts for one completed credential's contacts through the API (admins only). */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return Response.json({ ok: false, message: 'Method not allowed' }, { status: 405 });
  const token = await optionalAdminToken(request);
  if (!token)
    return Response.json({ ok: false, message: ADMIN_ONLY_MESSAGE } satisfies EmailDraftsActionData, { status: 401 });
  const credentialId = formText(await request.formData(), 'credentialId');
  if (!isUuid(credentialId)) {
    return Response.json({ ok: false, message: 'Unknown credential' } satisfies EmailDraftsActionData, { status: 400 });
  }
  try {
    const result = await callApi(ROUTES.createEmailDrafts, {
      params: { id: credentialId },
      body: {},
      token,
      request,
    });
    return Response.json({ ok: true, ...result } satisfies EmailDraftsActionData);
  } catch (error) {
    if (error instanceof ApiError) {
      const message = error.status === 401 ? ADMIN_ONLY_MESSAGE : (error.body?.message ?? error.text);
      return Response.json({ ok: false, message } satisfies EmailDraftsActionData, { status: error.status });
    }
    throw error;
  }
}
