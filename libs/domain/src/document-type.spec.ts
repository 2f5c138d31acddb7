import {
  ACCEPTED_FILE_EXTENSIONS,
  ACCEPTED_MIME_TYPES,
  MAX_FILES_PER_UPLOAD,
  MAX_UPLOAD_BYTES,
  detectFileKind,
  UPLOADABLE_FILE_TYPES,
  formatFileSize,
  guessDocumentType,
  hasAcceptedExtension,
} from './document-type';

describe('guessDocumentType', () => {
  it.each([
    ['Official_Transcript.pdf', 'transcript'],
    ['TRANSCRIPT-2024.PDF', 'transcript'],
    ['psych101 syllabus.docx', 'syllabus'],
    ['Certificate of Completion.jpg', 'certificate'],
    ['course-outline.pdf', 'course_description'],
    ['2025 Catalog.pdf', 'course_description'],
    ['Coursework.pdf', 'course_description'],
    ['scan_001.png', 'other'],
    ['', 'other'],
  ] as const)('%p is %s', (name, type) => {
    expect(guessDocumentType(name)).toBe(type);
  });

  it('prefers transcript over every later rule', () => {
    expect(guessDocumentType('course transcript certificate syllabus.pdf')).toBe('transcript');
  });

  it('prefers syllabus over certificate and course', () => {
    expect(guessDocumentType('course syllabus certificate.pdf')).toBe('syllabus');
  });

  it('prefers certificate over course', () => {
    expect(guessDocumentType('course certificate.pdf')).toBe('certificate');
  });
});

describe('upload limits', () => {
  it('matches the spec', () => {
    expect(MAX_UPLOAD_BYTES).toBe(10 * 1024 * 1024);
    expect(MAX_FILES_PER_UPLOAD).toBe(5);
    expect(ACCEPTED_FILE_EXTENSIONS).toEqual(['.pdf', '.doc', '.docx', '.jpg', '.jpeg', '.png']);
    expect(ACCEPTED_MIME_TYPES).toContain('application/pdf');
    expect(ACCEPTED_MIME_TYPES).toContain('image/jpeg');
    expect(ACCEPTED_MIME_TYPES).toHaveLength(5);
  });

  it.each([
    ['a.pdf', true],
    ['A.JPEG', true],
    ['b.docx', true],
    ['c.gif', false],
    ['pdf', false],
    ['x.pdf.exe', false],
  ])('extension of %p accepted: %p', (name, accepted) => {
    expect(hasAcceptedExtension(name)).toBe(accepted);
  });
});

function bytes(...parts: (number[] | string)[]): Uint8Array {
  const out: number[] = [];
  for (const part of parts) {
    if (typeof part === 'string') out.push(...Array.from(part, (c) => c.charCodeAt(0)));
    else out.push(...part);
  }
  return Uint8Array.from(out);
}

describe('a signed credential uploaded as JSON', () => {
  it('is told apart by its content: a JSON object, after a byte order mark or white space', () => {
    expect(detectFileKind(bytes('{"@context":[]}'))).toBe('json');
    expect(detectFileKind(new Uint8Array([0xef, 0xbb, 0xbf, 0x0a, 0x20, 0x7b, 0x7d]))).toBe('json');
    expect(detectFileKind(bytes('[1, 2]'))).toBeNull();
    expect(detectFileKind(bytes('eyJhbGciOiJFZERTQSJ9.e30.sig'))).toBeNull();
  });

  it('is uploadable without joining the hint of document types', () => {
    expect(UPLOADABLE_FILE_TYPES).toEqual(
      expect.arrayContaining([...ACCEPTED_FILE_EXTENSIONS, ...ACCEPTED_MIME_TYPES, '.json', 'application/json']),
    );
    expect(ACCEPTED_MIME_TYPES).not.toContain('application/json');
  });
});

describe('detectFileKind', () => {
  it('detects PDF', () => {
    expect(detectFileKind(bytes('%PDF-1.7\n'))).toBe('pdf');
  });

  it('detects legacy Word (OLE2)', () => {
    expect(detectFileKind(bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]))).toBe('doc');
  });

  it('detects DOCX when the zip holds a word/ entry', () => {
    expect(
      detectFileKind(bytes([0x50, 0x4b, 0x03, 0x04, 0x14, 0], '[Content_Types].xml', [0, 0], 'word/document.xml')),
    ).toBe('docx');
  });

  it('rejects any other zip', () => {
    expect(detectFileKind(bytes([0x50, 0x4b, 0x03, 0x04, 0x14, 0], 'xl/workbook.xml'))).toBeNull();
  });

  it('detects JPEG', () => {
    expect(detectFileKind(bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF'))).toBe('jpg');
  });

  it('detects PNG', () => {
    expect(detectFileKind(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]))).toBe('png');
  });

  it.each([
    ['empty', bytes()],
    ['too short for PDF', bytes('%PD')],
    ['PDF without dash', bytes('%PDF1.4')],
    ['GIF', bytes('GIF89a')],
    ['HTML', bytes('<!DOCTYPE html>')],
    ['PNG with a wrong byte', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0b])],
    ['PDF marker not at the start', bytes(' %PDF-1.4')],
  ])('returns null for %s', (_label, input) => {
    expect(detectFileKind(input)).toBeNull();
  });
});

describe('formatFileSize', () => {
  it.each([
    [0, '0 B'],
    [512, '512 B'],
    [1023, '1023 B'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [10485760, '10 MB'],
    [1572864, '1.5 MB'],
    [3 * 1024 ** 3, '3 GB'],
    [5 * 1024 ** 4, '5120 GB'],
  ])('%i bytes is %s', (size, text) => {
    expect(formatFileSize(size)).toBe(text);
  });
});
