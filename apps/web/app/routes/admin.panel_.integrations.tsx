import {
  API_KEY_SCOPE_LABELS,
  API_KEY_SCOPES,
  ROUTES,
  WEBHOOK_EVENT_TYPES,
  type ApiKeyView,
  type WebhookEndpointView,
} from '@app/contracts';
import { parseApiKeyForm, parseWebhookEndpointForm } from '@app/domain';
import {
  data,
  Form,
  Link,
  useActionData,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import {
  buttonClass,
  dangerButtonClass,
  inputClass,
  labelClass,
  secondaryButtonClass,
} from '~/components/ui/form-styles';
import { AdminTable } from '~/components/admin/data-table';
import { ToastNotice } from '~/components/admin/toast-notice';
import { BackLink } from '~/components/back-link';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { FieldError, fieldErrorProps } from '~/components/ui/field-error';
import { ApiError } from '~/lib/api.server';
import { adminApi, newToast, redirectWithToast, dataWithToast, type FlashToast } from '~/lib/session.server';
import { apiFieldErrors, formList, formText, formValues } from '~/lib/forms.server';

export const meta: MetaFunction = () => [{ title: 'Integrations - Admin Panel' }];

const PAGE = '/admin/panel/integrations';

export async function loader({ request }: LoaderFunctionArgs) {
  const [apiKeys, endpoints] = await Promise.all([
    adminApi(request, ROUTES.adminApiKeys),
    adminApi(request, ROUTES.adminWebhookEndpoints),
  ]);
  return dataWithToast(request, { apiKeys, endpoints });
}

type ActionResult = {
  toast: FlashToast;
  form?: 'api-key' | 'endpoint';
  fieldErrors?: Record<string, string>;
  /** What was typed, for the form shown again without JavaScript (never a secret). */
  values?: { text: Record<string, string>; lists: Record<string, string[]> };
  /** A secret shown this once, in this answer only (never in a cookie or a redirect). */
  secret?: { kind: 'api-key' | 'endpoint'; label: string; value: string };
};

/** The typed fields and the ticked boxes of a refused form. */
function typed(form: FormData, lists: string[]): NonNullable<ActionResult['values']> {
  return { text: formValues(form), lists: Object.fromEntries(lists.map((key) => [key, formList(form, key)])) };
}

function refused(form: ActionResult['form'], title: string, error: unknown, values?: ActionResult['values']) {
  if (!(error instanceof ApiError)) throw error;
  return data<ActionResult>(
    { toast: newToast('error', title, error.text), form, fieldErrors: apiFieldErrors(error), values },
    { status: error.status === 404 ? 404 : 400 },
  );
}

/** A form its own rule refused before any call: the toast, and each field's message beside it with what was typed. */
function invalid(
  form: ActionResult['form'],
  title: string,
  fieldErrors: ActionResult['fieldErrors'],
  values: ActionResult['values'],
) {
  return data<ActionResult>(
    { toast: newToast('error', title, 'Check the highlighted fields'), form, fieldErrors, values },
    { status: 400 },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  switch (formText(form, 'intent')) {
    case 'create-api-key': {
      // The same rule the API applies (libs/domain), so a bad field is answered without a call.
      const input = {
        name: formText(form, 'name'),
        scopes: formList(form, 'scopes'),
        expiresAt: formText(form, 'expiresAt') || null,
      };
      const checked = parseApiKeyForm(input, new Date());
      if (!checked.ok) {
        return invalid('api-key', 'The key was not created', checked.fieldErrors, typed(form, ['scopes']));
      }
      try {
        const created = await adminApi(request, ROUTES.adminCreateApiKey, {
          body: { name: checked.value.name, scopes: checked.value.scopes, expiresAt: input.expiresAt },
        });
        return data<ActionResult>({
          toast: newToast('success', 'API key created', 'Copy it now: it is shown only this once'),
          secret: {
            kind: 'api-key',
            label: `${created.apiKey.name} (${created.apiKey.prefix})`,
            value: created.secret,
          },
        });
      } catch (error) {
        return refused('api-key', 'The key was not created', error, typed(form, ['scopes']));
      }
    }
    case 'revoke-api-key': {
      try {
        await adminApi(request, ROUTES.adminRevokeApiKey, { params: { id: formText(form, 'id') } });
      } catch (error) {
        return refused(undefined, 'The key was not revoked', error);
      }
      return redirectWithToast(request, PAGE, newToast('success', 'API key revoked', 'It is refused from now on'));
    }
    case 'create-endpoint': {
      const input = {
        url: formText(form, 'url'),
        description: formText(form, 'description'),
        events: formList(form, 'events'),
      };
      // The form of the URL is checked by the API too, with the deployment's https rule and a DNS check.
      const checked = parseWebhookEndpointForm(input, { requireHttps: false, allowLoopback: true });
      if (!checked.ok) {
        return invalid('endpoint', 'The endpoint was not added', checked.fieldErrors, typed(form, ['events']));
      }
      try {
        const created = await adminApi(request, ROUTES.adminCreateWebhookEndpoint, { body: checked.value });
        return data<ActionResult>({
          toast: newToast(
            'success',
            'Webhook endpoint added',
            'Copy its signing secret now: it is shown only this once',
          ),
          secret: { kind: 'endpoint', label: created.endpoint.url, value: created.secret },
        });
      } catch (error) {
        return refused('endpoint', 'The endpoint was not added', error, typed(form, ['events']));
      }
    }
    case 'set-endpoint-active': {
      const active = formText(form, 'active') === 'true';
      try {
        await adminApi(request, ROUTES.adminUpdateWebhookEndpoint, {
          params: { id: formText(form, 'id') },
          body: { active },
        });
      } catch (error) {
        return refused(undefined, 'The endpoint was not changed', error);
      }
      return redirectWithToast(
        request,
        PAGE,
        newToast('success', active ? 'Endpoint turned on' : 'Endpoint turned off'),
      );
    }
    default:
      return data<ActionResult>({ toast: newToast('error', 'Error', 'Unknown action') }, { status: 400 });
  }
}

function dateTime(value: string | null): string {
  return value ? new Date(value).toISOString().slice(0, 16).replace('T', ' ') + ' UTC' : '—';
}

const cell = 'px-3 py-2';

function ApiKeysTable({ apiKeys }: { apiKeys: ApiKeyView[] }) {
  return (
    <AdminTable
      className="mt-3"
      labels={['Name', 'Key', 'Scopes', 'Expires', 'Last used', 'State', <span className="sr-only">Actions</span>]}
      rows={apiKeys}
      empty="No API keys yet"
      row={(key) => (
        <tr key={key.id}>
          <td className={cell}>{key.name}</td>
          <td className={`${cell} font-mono`}>{key.prefix}…</td>
          <td className={cell}>{key.scopes.join(', ')}</td>
          <td className={cell}>{key.expiresAt ? dateTime(key.expiresAt) : 'Never'}</td>
          <td className={cell}>{dateTime(key.lastUsedAt)}</td>
          <td className={cell}>{key.state}</td>
          <td className={cell}>
            {key.state === 'active' ? (
              <Form method="post">
                <input type="hidden" name="intent" value="revoke-api-key" />
                <input type="hidden" name="id" value={key.id} />
                <button type="submit" className={dangerButtonClass} aria-label={`Revoke ${key.name}`}>
                  Revoke
                </button>
              </Form>
            ) : null}
          </td>
        </tr>
      )}
    />
  );
}

function EndpointsTable({ endpoints }: { endpoints: WebhookEndpointView[] }) {
  return (
    <AdminTable
      className="mt-3"
      labels={['URL', 'Events', 'State', <span className="sr-only">Actions</span>]}
      rows={endpoints}
      empty="No webhook endpoints yet"
      row={(endpoint) => (
        <tr key={endpoint.id}>
          <td className={`${cell} break-all`}>
            {endpoint.url}
            {endpoint.description ? <span className="block text-slate-500">{endpoint.description}</span> : null}
          </td>
          <td className={cell}>{endpoint.events.join(', ')}</td>
          <td className={cell}>
            {endpoint.active ? 'On' : 'Off'}
            {endpoint.disabledReason ? <span className="block text-red-700">{endpoint.disabledReason}</span> : null}
            {endpoint.failingSince ? (
              <span className="block text-amber-700">Failing since {dateTime(endpoint.failingSince)}</span>
            ) : null}
          </td>
          <td className={`flex flex-wrap gap-2 ${cell}`}>
            <Link to={`${PAGE}/webhooks/${endpoint.id}`} className={secondaryButtonClass}>
              Delivery log
            </Link>
            <Form method="post">
              <input type="hidden" name="intent" value="set-endpoint-active" />
              <input type="hidden" name="id" value={endpoint.id} />
              <input type="hidden" name="active" value={endpoint.active ? 'false' : 'true'} />
              <button type="submit" className={secondaryButtonClass}>
                {endpoint.active ? 'Turn off' : 'Turn on'}
              </button>
            </Form>
          </td>
        </tr>
      )}
    />
  );
}

export default function IntegrationsPage() {
  const { apiKeys, endpoints, toast } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const keyErrors = result?.form === 'api-key' ? result.fieldErrors : undefined;
  const endpointErrors = result?.form === 'endpoint' ? result.fieldErrors : undefined;
  const keyValues = result?.form === 'api-key' ? result.values : undefined;
  const endpointValues = result?.form === 'endpoint' ? result.values : undefined;
  return (
    <main className="mx-auto max-w-5xl px-4 py-8">
      <ToastNotice toast={result?.toast ?? toast} />
      <BackLink to="/admin/panel">Back to Admin Panel</BackLink>
      <h1 className="mt-4 text-2xl font-bold">Integrations</h1>

      {result?.secret ? (
        <section aria-labelledby="secret-heading" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4">
          <h2 id="secret-heading" className="font-semibold">
            {result.secret.kind === 'api-key' ? 'Your new API key' : 'The endpoint’s signing secret'}:{' '}
            {result.secret.label}
          </h2>
          <p className="mt-1 text-sm">Copy it now. It is shown only this once; only its hash is kept.</p>
          <label htmlFor="new-secret" className="sr-only">
            Secret
          </label>
          <input
            id="new-secret"
            readOnly
            value={result.secret.value}
            className={`${inputClass} mt-2 w-full font-mono`}
            data-testid="new-secret"
          />
        </section>
      ) : null}

      <section aria-labelledby="api-keys-heading" className="mt-8">
        <h2 id="api-keys-heading" className="text-lg font-semibold">
          API keys
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          API clients send a key as <code>Authorization: Bearer &lt;key&gt;</code>. Each key reaches only the routes of
          its scopes (see the OpenAPI document at <code>/api/docs</code>).
        </p>
        <ApiKeysTable apiKeys={apiKeys} />
        <Form method="post" className="mt-4 space-y-3 rounded-lg border border-slate-200 bg-white p-4">
          <input type="hidden" name="intent" value="create-api-key" />
          <h3 className="font-medium">Create an API key</h3>
          <div>
            <label htmlFor="key-name" className={labelClass}>
              Name
            </label>
            <input
              id="key-name"
              name="name"
              required
              maxLength={80}
              defaultValue={keyValues?.text['name']}
              className={`${inputClass} w-full`}
              {...fieldErrorProps('key-name-error', keyErrors?.['name'])}
            />
            <FieldError id="key-name-error" message={keyErrors?.['name']} />
          </div>
          <fieldset aria-describedby={keyErrors?.['scopes'] ? 'key-scopes-error' : undefined}>
            <legend className={labelClass}>Scopes</legend>
            {API_KEY_SCOPES.map((scope) => (
              <label key={scope} className="mt-1 flex items-start gap-2 text-sm">
                <input
                  type="checkbox"
                  name="scopes"
                  value={scope}
                  defaultChecked={keyValues?.lists['scopes']?.includes(scope)}
                  className="mt-1"
                />
                <span>
                  <code>{scope}</code>: {API_KEY_SCOPE_LABELS[scope]}
                </span>
              </label>
            ))}
            <FieldError id="key-scopes-error" message={keyErrors?.['scopes']} />
          </fieldset>
          <div>
            <label htmlFor="key-expires" className={labelClass}>
              Expires on (optional)
            </label>
            <input
              id="key-expires"
              name="expiresAt"
              type="date"
              defaultValue={keyValues?.text['expiresAt']}
              className={inputClass}
              {...fieldErrorProps('key-expires-error', keyErrors?.['expiresAt'])}
            />
            <FieldError id="key-expires-error" message={keyErrors?.['expiresAt']} />
          </div>
          <button type="submit" className={buttonClass}>
            Create key
          </button>
        </Form>
      </section>

      <section aria-labelledby="webhooks-heading" className="mt-10">
        <h2 id="webhooks-heading" className="text-lg font-semibold">
          Webhook endpoints
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Events are signed per Standard Webhooks (<code>webhook-id</code>, <code>webhook-timestamp</code>,{' '}
          <code>webhook-signature</code>) and retried for about 37 hours; an endpoint failing for 5 days is turned off.
        </p>
        <EndpointsTable endpoints={endpoints} />
        <Form method="post" className="mt-4 space-y-3 rounded-lg border border-slate-200 bg-white p-4">
          <input type="hidden" name="intent" value="create-endpoint" />
          <h3 className="font-medium">Add an endpoint</h3>
          <div>
            <label htmlFor="endpoint-url" className={labelClass}>
              URL (https)
            </label>
            <input
              id="endpoint-url"
              name="url"
              type="url"
              required
              defaultValue={endpointValues?.text['url']}
              className={`${inputClass} w-full`}
              {...fieldErrorProps('endpoint-url-error', endpointErrors?.['url'])}
            />
            <FieldError id="endpoint-url-error" message={endpointErrors?.['url']} />
          </div>
          <div>
            <label htmlFor="endpoint-description" className={labelClass}>
              Description (optional)
            </label>
            <input
              id="endpoint-description"
              name="description"
              maxLength={200}
              defaultValue={endpointValues?.text['description']}
              className={`${inputClass} w-full`}
              {...fieldErrorProps('endpoint-description-error', endpointErrors?.['description'])}
            />
            <FieldError id="endpoint-description-error" message={endpointErrors?.['description']} />
          </div>
          <fieldset aria-describedby={endpointErrors?.['events'] ? 'endpoint-events-error' : undefined}>
            <legend className={labelClass}>Events</legend>
            <div className="grid gap-1 sm:grid-cols-2">
              {WEBHOOK_EVENT_TYPES.map((type) => (
                <label key={type} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    name="events"
                    value={type}
                    defaultChecked={endpointValues?.lists['events']?.includes(type)}
                  />
                  <code>{type}</code>
                </label>
              ))}
            </div>
            <FieldError id="endpoint-events-error" message={endpointErrors?.['events']} />
          </fieldset>
          <button type="submit" className={buttonClass}>
            Add endpoint
          </button>
        </Form>
      </section>
    </main>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
