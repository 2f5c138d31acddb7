import { e2e } from './browser';

/** Puts one document on a credential the way the Uppy dialog does: a presigned URL, one PUT to storage, registration. */
export async function uploadDocument(credentialId: string, fileName: string, fileType: string, bytes: Buffer): Promise<void> {
  const presign = await fetch(`${e2e.apiUrl}/api/objects/upload`, { method: 'POST' });
  expect(presign.ok).toBe(true);
  const { uploadURL } = (await presign.json()) as { uploadURL: string };
  const put = await fetch(uploadURL, { method: 'PUT', body: new Uint8Array(bytes), headers: { 'content-type': fileType } });
  expect(put.ok).toBe(true);
  const registered = await fetch(`${e2e.apiUrl}/api/documents/upload-complete`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ uploadURL, credentialId, fileName, fileSize: bytes.length, fileType }),
  });
  expect(registered.ok).toBe(true);
}

/** Creates a credential with these documents through the API and waits until its analysis has completed. */
export async function analyzedCredential(name: string, documents: Array<{ fileName: string; fileType: string; bytes: Buffer }>): Promise<string> {
  const created = await fetch(`${e2e.apiUrl}/api/credentials`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: string };
  for (const document of documents) await uploadDocument(id, document.fileName, document.fileType, document.bytes);
  const analyze = await fetch(`${e2e.apiUrl}/api/credentials/${id}/analyze`, { method: 'POST' });
  expect(analyze.ok).toBe(true);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { status } = (await (await fetch(`${e2e.apiUrl}/api/credentials/${id}`)).json()) as { status: string };
    if (status === 'completed') return id;
    if (status === 'failed' || Date.now() > deadline) throw new Error(`The analysis of '${name}' ended ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
