import { findEmails } from './emails';

describe('findEmails', () => {
  it('finds distinct lower-cased addresses in order', () => {
    expect(
      findEmails('Write to Jane.Smith@Example.EDU or info@somatic-institute.org; again jane.smith@example.edu.'),
    ).toEqual(['jane.smith@example.edu', 'info@somatic-institute.org']);
  });

  it('joins an address split by OCR spaces around @', () => {
    expect(findEmails('contact: jane @ example.org')).toEqual(['jane@example.org']);
  });

  it('reads addresses inside brackets', () => {
    expect(findEmails('Jane <jane@x.org>, (bob@y.co.uk)')).toEqual(['jane@x.org', 'bob@y.co.uk']);
  });

  it('finds none without a domain suffix', () => {
    expect(findEmails('twitter @handle and user@localhost')).toEqual([]);
  });

  it('cuts an address glued to the next word', () => {
    expect(findEmails('Jane Roe jroe@uni.eduTeaching Assistant Bo Kim bkim@uni.eduOffice')).toEqual([
      'jroe@uni.edu',
      'bkim@uni.edu',
    ]);
  });
});
