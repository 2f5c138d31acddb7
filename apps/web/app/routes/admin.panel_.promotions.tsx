import {
  PROMOTION_PURCHASE_KINDS,
  ROUTES,
  TRAINING_NAMES,
  type PromotionCode,
  type PromotionPurchaseKind,
  type SavePromotionCodeRequest,
} from '@app/contracts';
import { formatUsd, parsePaymentAmountCents, parsePromotionForm } from '@app/domain';
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
import { buttonClass, inputClass, labelClass, secondaryButtonClass } from '~/components/ui/form-styles';
import { BackLink } from '~/components/back-link';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { FieldError, fieldErrorProps } from '~/components/ui/field-error';
import { ApiError } from '~/lib/api.server';
import { adminApi, newToast, redirectWithToast } from '~/lib/session.server';
import { apiFieldErrors, formList, formTrimmed } from '~/lib/forms.server';

export const meta: MetaFunction = () => [{ title: 'Promotion Codes - Admin Panel' }];

const KIND_LABELS: Record<PromotionPurchaseKind, string> = {
  full: 'Pay in full',
  plans: 'Payment plans (3 and 6 months)',
  bundles: 'Bundles',
};

export async function loader({ request }: LoaderFunctionArgs) {
  // Evaluators never see money: adminApi answers the API's 403 with the staff pages' 403.
  const codes = await adminApi(request, ROUTES.adminPromotionCodes);
  const editId = new URL(request.url).searchParams.get('edit');
  const editing = codes.find((code) => code.id === editId) ?? null;
  return data({ codes, editing });
}

type FormValues = Record<string, string | string[] | boolean>;

interface ActionData {
  fieldErrors: Record<string, string>;
  values: FormValues;
  message: string;
}

/** The typed form as the API takes it: amounts in dollars to cents, empty numbers and dates to null. */
function readForm(form: FormData): { request: SavePromotionCodeRequest; values: FormValues } {
  const discountType = formTrimmed(form, 'discountType') === 'fixed' ? 'fixed' : 'percent';
  const number = (key: string) => (formTrimmed(form, key) === '' ? null : Number(formTrimmed(form, key)));
  const amountOff = formTrimmed(form, 'amountOff');
  const request = {
    code: formTrimmed(form, 'code'),
    discountType,
    percentOff: discountType === 'percent' ? number('percentOff') : null,
    amountOffCents: discountType === 'fixed' ? (amountOff === '' ? null : parsePaymentAmountCents(amountOff)) : null,
    trainings: formList(form, 'trainings'),
    purchaseKinds: formList(form, 'purchaseKinds'),
    validFrom: formTrimmed(form, 'validFrom') || null,
    validUntil: formTrimmed(form, 'validUntil') || null,
    maxUses: number('maxUses'),
    oncePerEmail: form.get('oncePerEmail') === 'on',
    active: form.get('active') === 'on',
  } as SavePromotionCodeRequest;
  const values: FormValues = {
    code: request.code,
    discountType,
    percentOff: formTrimmed(form, 'percentOff'),
    amountOff,
    trainings: request.trainings,
    purchaseKinds: request.purchaseKinds,
    validFrom: formTrimmed(form, 'validFrom'),
    validUntil: formTrimmed(form, 'validUntil'),
    maxUses: formTrimmed(form, 'maxUses'),
    oncePerEmail: request.oncePerEmail,
    active: request.active,
  };
  return { request, values };
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const intent = formTrimmed(form, 'intent');
  const id = formTrimmed(form, 'id');
  if (intent === 'deactivate') {
    const code = await adminApi(request, ROUTES.adminDeactivatePromotionCode, { params: { id } });
    return redirectWithToast(request, '/admin/panel/promotions', newToast('success', `${code.code} is now inactive`));
  }
  const { request: body, values } = readForm(form);
  const parsed = parsePromotionForm(body as unknown as Record<string, unknown>);
  if (!parsed.ok) {
    const fieldErrors = { ...parsed.fieldErrors } as Record<string, string>;
    if (fieldErrors.amountOffCents) fieldErrors.amountOff = fieldErrors.amountOffCents;
    return data<ActionData>({ fieldErrors, values, message: 'Please correct the marked fields' }, { status: 400 });
  }
  try {
    const saved =
      intent === 'update'
        ? await adminApi(request, ROUTES.adminUpdatePromotionCode, { params: { id }, body: parsed.value })
        : await adminApi(request, ROUTES.adminCreatePromotionCode, { body: parsed.value });
    return redirectWithToast(
      request,
      '/admin/panel/promotions',
      newToast('success', intent === 'update' ? `Saved ${saved.code}` : `Created ${saved.code}`),
    );
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) {
      return data<ActionData>(
        { fieldErrors: apiFieldErrors(error), values, message: error.body?.message ?? 'The code was not saved' },
        { status: error.status },
      );
    }
    throw error;
  }
}

function describe(code: PromotionCode): string {
  return code.discountType === 'percent' ? `${code.percentOff}% off` : `${formatUsd(code.amountOffCents ?? 0)} off`;
}

function valuesOf(code: PromotionCode | null): FormValues {
  if (!code)
    return { discountType: 'percent', purchaseKinds: [...PROMOTION_PURCHASE_KINDS], active: true, trainings: [] };
  return {
    code: code.code,
    discountType: code.discountType,
    percentOff: code.percentOff === null ? '' : String(code.percentOff),
    amountOff: code.amountOffCents === null ? '' : (code.amountOffCents / 100).toFixed(2),
    trainings: code.trainings,
    purchaseKinds: code.purchaseKinds,
    validFrom: code.validFrom ?? '',
    validUntil: code.validUntil ?? '',
    maxUses: code.maxUses === null ? '' : String(code.maxUses),
    oncePerEmail: code.oncePerEmail,
    active: code.active,
  };
}

export default function PromotionCodesPage() {
  const { codes, editing } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const values = actionData?.values ?? valuesOf(editing);
  const errors = actionData?.fieldErrors ?? {};
  const str = (key: string) => (typeof values[key] === 'string' ? (values[key] as string) : '');
  const list = (key: string) => (Array.isArray(values[key]) ? (values[key] as string[]) : []);
  const input = (name: string, label: string, props: Record<string, string> = {}, errorKey = name) => (
    <div>
      <label htmlFor={`promo-${name}`} className={labelClass}>
        {label}
      </label>
      <input
        id={`promo-${name}`}
        name={name}
        defaultValue={str(name)}
        className={inputClass}
        {...fieldErrorProps(`promo-${name}-error`, errors[errorKey])}
        {...props}
      />
      <FieldError id={`promo-${name}-error`} message={errors[errorKey]} />
    </div>
  );
  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <BackLink to="/admin/panel">Back to Admin Panel</BackLink>
      <h1 className="mt-4 text-2xl font-bold">Promotion Codes</h1>

      <div className="mt-4 overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption className="sr-only">Promotion codes</caption>
          <thead className="bg-slate-50 text-left">
            <tr>
              <th className="px-3 py-2">Code</th>
              <th className="px-3 py-2">Discount</th>
              <th className="px-3 py-2">Applies to</th>
              <th className="px-3 py-2">Valid</th>
              <th className="px-3 py-2">Uses</th>
              <th className="px-3 py-2">Discount given</th>
              <th className="px-3 py-2">Status</th>
              <th className="px-3 py-2">Actions</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {codes.length === 0 ? (
              <tr>
                <td colSpan={8} className="px-3 py-4 text-center text-slate-500">
                  No promotion codes yet.
                </td>
              </tr>
            ) : null}
            {codes.map((code) => (
              <tr key={code.id} data-testid="promotion-row">
                <td className="px-3 py-2 font-mono font-semibold">{code.code}</td>
                <td className="px-3 py-2">{describe(code)}</td>
                <td className="px-3 py-2">
                  {code.purchaseKinds.map((kind) => KIND_LABELS[kind]).join(', ')}
                  <br />
                  <span className="text-slate-500">
                    {code.trainings.length ? code.trainings.join(', ') : 'All trainings'}
                  </span>
                </td>
                <td className="px-3 py-2">
                  {code.validFrom ?? 'any time'} – {code.validUntil ?? 'no end'}
                </td>
                <td className="px-3 py-2">
                  {code.uses}
                  {code.maxUses !== null ? ` of ${code.maxUses}` : ''}
                  {code.oncePerEmail ? ' (once per email)' : ''}
                </td>
                <td className="px-3 py-2">{formatUsd(code.discountGivenCents)}</td>
                <td className="px-3 py-2">{code.active ? 'Active' : 'Inactive'}</td>
                <td className="px-3 py-2">
                  <div className="flex flex-wrap gap-2">
                    <Link to={`/admin/panel/promotions?edit=${code.id}`} className={secondaryButtonClass}>
                      Edit<span className="sr-only"> {code.code}</span>
                    </Link>
                    {code.active ? (
                      <Form method="post">
                        <input type="hidden" name="id" value={code.id} />
                        <button type="submit" name="intent" value="deactivate" className={secondaryButtonClass}>
                          Deactivate<span className="sr-only"> {code.code}</span>
                        </button>
                      </Form>
                    ) : null}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <section className="mt-6 rounded-lg border border-slate-200 bg-white p-4">
        <h2 className="text-lg font-semibold">{editing ? `Edit ${editing.code}` : 'Create a promotion code'}</h2>
        {actionData?.message ? (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {actionData.message}
          </p>
        ) : null}
        <Form method="post" className="mt-3 grid grid-cols-1 gap-4 sm:grid-cols-2" key={editing?.id ?? 'new'}>
          <input type="hidden" name="intent" value={editing ? 'update' : 'create'} />
          {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
          {input('code', 'Code (letters, digits, - or _; any case)', { required: 'required', maxLength: '40' })}
          <div>
            <label htmlFor="promo-discountType" className={labelClass}>
              Discount type
            </label>
            <select
              id="promo-discountType"
              name="discountType"
              defaultValue={str('discountType')}
              className={inputClass}
            >
              <option value="percent">Percent off</option>
              <option value="fixed">Fixed amount off</option>
            </select>
          </div>
          {input('percentOff', 'Percent off (for percent codes)', { inputMode: 'numeric' })}
          {input('amountOff', 'Amount off in dollars (for fixed codes)', { inputMode: 'decimal' })}
          <fieldset>
            <legend className={labelClass}>Trainings (none checked: all)</legend>
            {TRAINING_NAMES.map((name) => (
              <label key={name} className="mt-1 flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name="trainings"
                  value={name}
                  defaultChecked={list('trainings').includes(name)}
                />
                {name}
              </label>
            ))}
            <FieldError id="promo-trainings-error" message={errors.trainings} />
          </fieldset>
          <fieldset>
            <legend className={labelClass}>Purchases</legend>
            {PROMOTION_PURCHASE_KINDS.map((kind) => (
              <label key={kind} className="mt-1 flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name="purchaseKinds"
                  value={kind}
                  defaultChecked={list('purchaseKinds').includes(kind)}
                />
                {KIND_LABELS[kind]}
              </label>
            ))}
            <FieldError id="promo-purchaseKinds-error" message={errors.purchaseKinds} />
          </fieldset>
          {input('validFrom', 'Valid from (UTC day, optional)', { type: 'date' })}
          {input('validUntil', 'Valid until (UTC day, inclusive, optional)', { type: 'date' })}
          {input('maxUses', 'Total uses (empty: no limit)', { inputMode: 'numeric' })}
          <div className="flex flex-col justify-end gap-2">
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="oncePerEmail" defaultChecked={values.oncePerEmail === true} />
              Once per email address
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="active" defaultChecked={values.active === true} />
              Active
            </label>
          </div>
          <div className="flex gap-3 sm:col-span-2">
            <button type="submit" className={buttonClass}>
              {editing ? 'Save Code' : 'Create Code'}
            </button>
            {editing ? (
              <Link to="/admin/panel/promotions" className={secondaryButtonClass}>
                Cancel
              </Link>
            ) : null}
          </div>
        </Form>
      </section>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
