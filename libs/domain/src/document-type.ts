import type { DocumentType } from '@app/contracts';

export const MAX_UPLOAD_BYTES = 10485760;
export const MAX_FILES_PER_UPLOAD = 5;
export const ACCEPTED_FILE_EXTENSIONS = ['.pdf', '.doc', '.docx', '.jpg', '.jpeg', '.png'] as const;

/**
 * 'json': a signed credential of this issuer as its JSON download (a certificate or evaluation report), uploaded
 * instead of its PDF. The analysis reads only those, by their signature; any other JSON is left out with a notice.
 */
export type FileKind = 'pdf' | 'doc' | 'docx' | 'jpg' | 'png' | 'json';

export const MIME_TYPE_BY_FILE_KIND: Readonly<Record<FileKind, string>> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  jpg: 'image/jpeg',
  png: 'image/png',
  json: 'application/json',
};

/** The documents a person reads (the upload hint's types); a signed credential's JSON comes on top of these. */
export const ACCEPTED_MIME_TYPES: readonly string[] = Object.entries(MIME_TYPE_BY_FILE_KIND)
  .filter(([kind]) => kind !== 'json')
  .map(([, mime]) => mime);

/** Everything the upload dialog lets through: the documents, and the JSON of a signed credential of ours. */
export const UPLOADABLE_FILE_TYPES: readonly string[] = [
  ...ACCEPTED_FILE_EXTENSIONS,
  ...ACCEPTED_MIME_TYPES,
  '.json',
  MIME_TYPE_BY_FILE_KIND.json,
];

/** Order matters: a 'transcript' that also says 'course' stays a transcript. */
export function guessDocumentType(fileName: string): DocumentType {
  const name = fileName.toLowerCase();
  if (name.includes('transcript')) return 'transcript';
  if (name.includes('syllabus')) return 'syllabus';
  if (name.includes('certificate')) return 'certificate';
  if (name.includes('course') || name.includes('catalog')) return 'course_description';
  return 'other';
}

export function hasAcceptedExtension(fileName: string): boolean {
  const name = fileName.toLowerCase();
  return ACCEPTED_FILE_EXTENSIONS.some((ext) => name.endsWith(ext));
}

const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d];
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const WORD_FOLDER = [0x77, 0x6f, 0x72, 0x64, 0x2f];

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b);
}

function contains(bytes: Uint8Array, needle: readonly number[]): boolean {
  for (let i = 0; i + needle.length <= bytes.length; i++) {
    if (needle.every((b, j) => bytes[i + j] === b)) return true;
  }
  return false;
}

/** Text that opens a JSON object: '{' after an optional UTF-8 byte order mark and white space. */
export function isJsonObjectStart(bytes: Uint8Array): boolean {
  let i = startsWith(bytes, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  while (i < bytes.length && (bytes[i] === 0x20 || bytes[i] === 0x09 || bytes[i] === 0x0a || bytes[i] === 0x0d)) i++;
  return bytes[i] === 0x7b;
}

/**
 * The real type by content, never by name. A ZIP counts as DOCX only when a 'word/' entry
 * name shows in the bytes given, so pass a generous prefix (the whole file is at most 10 MiB).
 */
export function detectFileKind(firstBytes: Uint8Array): FileKind | null {
  if (isJsonObjectStart(firstBytes)) return 'json';
  if (startsWith(firstBytes, PDF)) return 'pdf';
  if (startsWith(firstBytes, OLE2)) return 'doc';
  if (startsWith(firstBytes, ZIP)) return contains(firstBytes, WORD_FOLDER) ? 'docx' : null;
  if (startsWith(firstBytes, JPEG)) return 'jpg';
  if (startsWith(firstBytes, PNG)) return 'png';
  return null;
}

const SIZE_UNITS = ['KB', 'MB', 'GB'] as const;

/** Binary units, one decimal at most: '512 B', '1.5 KB', '10 MB'. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${Math.max(0, Math.round(bytes))} B`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const rounded = Math.round(value * 10) / 10;
  return `${rounded} ${SIZE_UNITS[unit]}`;
}
