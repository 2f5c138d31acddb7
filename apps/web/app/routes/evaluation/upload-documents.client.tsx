import { ACCEPTED_FILE_EXTENSIONS, ACCEPTED_MIME_TYPES, MAX_FILES_PER_UPLOAD, MAX_UPLOAD_BYTES } from '@app/domain';
import { useRevalidator } from 'react-router';
import AwsS3 from '@uppy/aws-s3';
import Uppy, { type Body, type Meta, type UppyFile } from '@uppy/core';
import Dashboard from '@uppy/dashboard';
import '@uppy/core/css/style.min.css';
import '@uppy/dashboard/css/style.min.css';
import { useEffect, useRef } from 'react';
import { notify } from '~/lib/toast';

export interface UploadDocumentsProps {
  credentialId: string;
  credentialName: string;
}

type Registration = { ok: true } | { ok: false; fileName: string; message: string };

async function requestUploadUrl(): Promise<string> {
  const response = await fetch('/resources/upload-url', { method: 'POST', credentials: 'same-origin' });
  const body = (await response.json()) as { uploadURL?: string; message?: string };
  if (!response.ok || !body.uploadURL) throw new Error(body.message ?? `${response.status}: ${response.statusText}`);
  return body.uploadURL;
}

async function registerUpload(
  credentialId: string,
  file: UppyFile<Meta, Body>,
  uploadURL: string,
): Promise<Registration> {
  const fileName = file.name ?? 'file';
  try {
    const response = await fetch('/resources/upload-complete', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ uploadURL, credentialId, fileName, fileSize: file.size ?? 0, fileType: file.type }),
    });
    if (response.ok) return { ok: true };
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    return { ok: false, fileName, message: body?.message ?? `${response.status}: ${response.statusText}` };
  } catch (error) {
    return { ok: false, fileName, message: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Browser-only island: the 'Upload Documents' button and its Uppy dialog. Each file goes by one PUT straight to
 * a presigned URL (single-PUT mode); each successful file is then registered with the API through this app.
 */
export default function UploadDocuments({ credentialId, credentialName }: UploadDocumentsProps) {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const uppyRef = useRef<Uppy<Meta, Body> | null>(null);

  useEffect(
    () => () => {
      uppyRef.current?.destroy();
      uppyRef.current = null;
    },
    [],
  );

  function createUppy(): Uppy<Meta, Body> {
    const registrations = new Map<string, Promise<Registration>>();
    const uppy = new Uppy<Meta, Body>({
      id: `credential-${credentialId}`,
      autoProceed: false,
      restrictions: {
        maxNumberOfFiles: MAX_FILES_PER_UPLOAD,
        maxFileSize: MAX_UPLOAD_BYTES,
        allowedFileTypes: [...ACCEPTED_FILE_EXTENSIONS, ...ACCEPTED_MIME_TYPES],
      },
    })
      .use(Dashboard<Meta, Body>, {
        inline: false,
        closeModalOnClickOutside: true,
        proudlyDisplayPoweredByUppy: false,
        note: 'PDF, DOC, DOCX, JPG and PNG, up to 10 MB each, 5 files at a time',
      })
      .use(AwsS3<Meta, Body>, {
        shouldUseMultipart: false,
        allowedMetaFields: false,
        async signRequest(request) {
          if (request.method !== 'PUT' || 'uploadId' in request) {
            throw new Error('Only single PUT uploads are supported');
          }
          const uploadURL = await requestUploadUrl();
          return { url: uploadURL, headers: { 'content-type': request.contentType ?? 'application/octet-stream' } };
        },
      });

    uppy.on('upload-success', (file, response) => {
      if (!file || !response.uploadURL) return;
      registrations.set(file.id, registerUpload(credentialId, file, response.uploadURL));
    });

    uppy.on('complete', async (result) => {
      const settled = await Promise.all(
        (result.successful ?? []).map(
          (file) => registrations.get(file.id) ?? Promise.resolve<Registration>({ ok: true }),
        ),
      );
      registrations.clear();
      const failures = settled.filter((item): item is Extract<Registration, { ok: false }> => !item.ok);
      const added = settled.length - failures.length;
      if (added > 0) revalidate.current();
      if (failures.length > 0) {
        notify.error('Error', failures.map((failure) => `${failure.fileName}: ${failure.message}`).join('; '));
        return;
      }
      if (added > 0) notify.success(`${added} file(s) uploaded successfully`);
      if ((result.failed ?? []).length === 0 && added > 0) {
        uppy.getPlugin<Dashboard<Meta, Body>>('Dashboard')?.closeModal();
        uppy.clear();
      }
    });
    return uppy;
  }

  function open(): void {
    uppyRef.current ??= createUppy();
    void uppyRef.current.getPlugin<Dashboard<Meta, Body>>('Dashboard')?.openModal();
  }

  return (
    <button
      type="button"
      onClick={open}
      className="rounded-md border border-teal-700 px-3 py-1.5 text-sm font-medium text-teal-800 hover:bg-teal-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-teal-600"
      aria-label={`Upload Documents to ${credentialName}`}
    >
      Upload Documents
    </button>
  );
}
