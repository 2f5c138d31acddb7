import type { AnalysisRecord, Credential, CredentialStatus, DocumentType } from '@app/contracts';
import { MAX_CREDENTIAL_NAME_LENGTH, canStartAnalysis, formatFileSize } from '@app/domain';
import { Form, useNavigation } from 'react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { AnalysisProgress } from './analysis-progress';
import { useHydrated } from '~/lib/use-hydrated';
import { FieldError, fieldErrorProps } from '~/components/ui/field-error';

const UploadDocuments = lazy(() => import('./upload-documents.client'));

const STATUS_LABEL: Record<CredentialStatus, string> = {
  pending: 'Pending',
  analyzing: 'Analyzing',
  completed: 'Completed',
  failed: 'Failed',
};
const STATUS_STYLE: Record<CredentialStatus, string> = {
  pending: 'bg-slate-100 text-slate-700',
  analyzing: 'bg-sky-100 text-sky-800',
  completed: 'bg-teal-100 text-teal-800',
  failed: 'bg-red-100 text-red-800',
};
const DOCUMENT_TYPE_LABEL: Record<DocumentType, string> = {
  transcript: 'Transcript',
  syllabus: 'Syllabus',
  certificate: 'Certificate',
  course_description: 'Course description',
  other: 'Other',
};

export interface CreateCredentialFeedback {
  /** Changes with every submission, so the same outcome twice still resets the field. */
  at: number;
  ok: boolean;
  /** The submitted name, kept in the field after a refusal. */
  name?: string;
  fieldError?: string;
}

interface Props {
  credentials: Credential[];
  analyses: Record<string, AnalysisRecord[]>;
  createFeedback: CreateCredentialFeedback | null;
}

/** 'Upload Credentials': create a named credential, upload its documents, start the analysis. */
export function UploadCredentialsPanel({ credentials, analyses, createFeedback }: Props) {
  return (
    <section
      aria-labelledby="upload-credentials-title"
      className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="upload-credentials-title" className="text-lg font-semibold">
        Upload Credentials
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Create a credential for each program or course, upload its transcripts, syllabi and certificates, then start the
        analysis.
      </p>
      {/* A new credential remounts the form, so the field empties also when the first one came by redirect. */}
      <CreateCredentialForm key={credentials.length} feedback={createFeedback} />
      {credentials.length === 0 ? (
        <p className="mt-6 text-sm text-slate-500">No credentials yet. Create one to start uploading documents.</p>
      ) : (
        <ul className="mt-6 space-y-4" aria-label="Credentials">
          {credentials.map((credential) => (
            <CredentialItem key={credential.id} credential={credential} records={analyses[credential.id] ?? []} />
          ))}
        </ul>
      )}
    </section>
  );
}

function CreateCredentialForm({ feedback }: { feedback: CreateCredentialFeedback | null }) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [name, setName] = useState(feedback && !feedback.ok ? (feedback.name ?? '') : '');
  const submitting = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'create-credential';

  useEffect(() => {
    if (feedback?.ok) setName('');
  }, [feedback]);

  // Without JavaScript the button stays enabled and the action checks the name instead.
  const disabled = hydrated && (name.trim() === '' || submitting);
  const error = feedback && !feedback.ok ? feedback.fieldError : undefined;
  return (
    <Form method="post" className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-end">
      <input type="hidden" name="intent" value="create-credential" />
      <div className="flex-1">
        <label htmlFor="credential-name" className="block text-sm font-medium text-slate-700">
          Credential Name
        </label>
        <input
          id="credential-name"
          name="name"
          type="text"
          value={name}
          onChange={(event) => setName(event.target.value)}
          maxLength={MAX_CREDENTIAL_NAME_LENGTH}
          placeholder="e.g. BA Psychology, State University"
          {...fieldErrorProps('credential-name-error', error)}
          className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 focus:border-teal-600 focus:outline-none focus:ring-2 focus:ring-teal-100 aria-invalid:border-red-600"
        />
        <FieldError id="credential-name-error" message={error} />
      </div>
      <button
        type="submit"
        disabled={disabled}
        className="rounded-md bg-teal-700 px-4 py-2 font-medium text-white hover:bg-teal-800 disabled:cursor-not-allowed disabled:opacity-50"
      >
        {submitting ? 'Creating...' : 'Create Credential'}
      </button>
    </Form>
  );
}

function CredentialItem({ credential, records }: { credential: Credential; records: AnalysisRecord[] }) {
  const navigation = useNavigation();
  const starting =
    navigation.state !== 'idle' &&
    navigation.formData?.get('intent') === 'analyze' &&
    navigation.formData.get('credentialId') === credential.id;
  return (
    <li className="rounded-lg border border-slate-200 p-4" data-testid="credential" data-credential-id={credential.id}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">{credential.name}</h3>
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_STYLE[credential.status]}`}
          data-testid="credential-status"
        >
          {STATUS_LABEL[credential.status]}
        </span>
      </div>
      {credential.status === 'failed' && credential.failureReason && (
        <p className="mt-2 text-sm text-red-700">Analysis failed: {credential.failureReason}</p>
      )}
      {credential.documents.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">No documents uploaded yet.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100 text-sm" aria-label={`Documents of ${credential.name}`}>
          {credential.documents.map((document) => (
            <li
              key={document.id}
              className="flex flex-wrap items-center justify-between gap-2 py-1.5"
              data-testid="document"
            >
              <a
                href={`/resources/credentials/${credential.id}/documents/${document.id}`}
                className="font-medium text-teal-800 underline"
                aria-label={`Download ${document.fileName}`}
              >
                {document.fileName}
              </a>
              <span className="text-slate-500">
                <span data-testid="document-type">{DOCUMENT_TYPE_LABEL[document.documentType]}</span> ·{' '}
                {formatFileSize(document.fileSize)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {credential.status === 'analyzing' && <AnalysisProgress credentialName={credential.name} records={records} />}
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {credential.status !== 'analyzing' && (
          <UploadDocumentsButton credentialId={credential.id} credentialName={credential.name} />
        )}
        {canStartAnalysis(credential) && (
          <Form method="post">
            <input type="hidden" name="intent" value="analyze" />
            <input type="hidden" name="credentialId" value={credential.id} />
            <button
              type="submit"
              disabled={starting}
              className="rounded-md bg-teal-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-teal-800 disabled:opacity-50"
            >
              {starting ? 'Starting...' : 'Analyze with AI'}
            </button>
          </Form>
        )}
      </div>
      {credential.status !== 'analyzing' && (
        <DeleteCredentialForm credentialId={credential.id} credentialName={credential.name} />
      )}
      {credential.status !== 'analyzing' && (
        <noscript>
          <p className="mt-2 text-sm text-amber-800">
            Uploading documents needs JavaScript. Please enable JavaScript in your browser to upload files.
          </p>
        </noscript>
      )}
    </li>
  );
}

/** A disclosure rather than a script dialog, so deleting asks for confirmation without JavaScript too. */
function DeleteCredentialForm({ credentialId, credentialName }: { credentialId: string; credentialName: string }) {
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer text-red-800 underline">Delete this credential</summary>
      <Form method="post" className="mt-2 flex flex-wrap items-center gap-2">
        <input type="hidden" name="intent" value="delete-credential" />
        <input type="hidden" name="credentialId" value={credentialId} />
        <p className="text-slate-700">Its documents, analysis and results are erased for good.</p>
        <button
          type="submit"
          className="rounded-md bg-red-700 px-3 py-1.5 font-medium text-white hover:bg-red-800"
          aria-label={`Delete ${credentialName} for good`}
        >
          Delete for good
        </button>
      </Form>
    </details>
  );
}

/** The Uppy dialog loads only in the browser, after hydration; before that the button shows but is inactive. */
function UploadDocumentsButton(props: { credentialId: string; credentialName: string }) {
  const hydrated = useHydrated();
  const placeholder = (
    <button
      type="button"
      disabled
      className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-400"
    >
      Upload Documents
    </button>
  );
  if (!hydrated) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <UploadDocuments {...props} />
    </Suspense>
  );
}
