import { detectFileKind } from './file-kind';

describe('detectFileKind', () => {
  it.each([
    ['pdf', Buffer.from('%PDF-1.7\n')],
    ['png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0])],
    ['jpg', Buffer.from([0xff, 0xd8, 0xff, 0xe0])],
    ['doc', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])],
    ['docx', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14])],
    ['unknown', Buffer.from('MZ\x90\x00')],
    ['unknown', Buffer.alloc(0)],
  ])('reads %s from the first bytes', (kind, bytes) => {
    expect(detectFileKind(bytes)).toBe(kind);
  });
});
