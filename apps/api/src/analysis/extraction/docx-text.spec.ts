import { findLearningObjectives, readDocument } from '@app/domain';
import { Document, Packer, PageBreak, Paragraph, TextRun } from 'docx';
import { readDocxText } from './docx-text';

describe('readDocxText', () => {
  it('marks each page break with a form feed, so evidence names the page of a line', async () => {
    const bytes = await Packer.toBuffer(
      new Document({
        sections: [
          {
            children: [
              new Paragraph('Course Description'),
              new Paragraph('PSY 305 Psychopathology and Diagnosis'),
              new Paragraph({ children: [new TextRun('Westgate University'), new PageBreak()] }),
              new Paragraph('Credits: 3 semester credit hours (45 contact hours)'),
              new Paragraph({
                children: [
                  new TextRun('Contact: Prof. Ruth Adeyemi, Department Chair,'),
                  new TextRun({ break: 1, text: 'ruth.adeyemi@westgate.example.edu' }),
                ],
              }),
            ],
          },
        ],
      }),
    );
    const text = await readDocxText(bytes);
    expect(text.split('\f')).toHaveLength(2);
    expect(text).toContain('Department Chair,\nruth.adeyemi@westgate.example.edu');
    const reading = readDocument('psy305.docx', text);
    expect(reading.evidence.contactHours).toEqual({
      document: 'psy305.docx',
      page: 2,
      line: 1,
      quote: 'Credits: 3 semester credit hours (45 contact hours)',
    });
    expect(reading.evidence['contact.ruth.adeyemi@westgate.example.edu']).toMatchObject({ page: 2, line: 3 });
  });

  it("starts each list item with a bullet, which Word keeps in the paragraph's numbering rather than its text", async () => {
    const bytes = await Packer.toBuffer(
      new Document({
        sections: [
          {
            children: [
              new Paragraph('Course Objectives:'),
              new Paragraph('Students will be able to:'),
              new Paragraph({ text: 'Design a small office network.', bullet: { level: 0 } }),
              new Paragraph({ text: 'Justify a choice of wireless standard.', bullet: { level: 0 } }),
              new Paragraph({ text: 'Troubleshoot an application protocol.', bullet: { level: 0 } }),
              new Paragraph('Textbook: Computer Networking, 6th edition.'),
            ],
          },
        ],
      }),
    );
    const text = await readDocxText(bytes);
    expect(text).toContain('• Design a small office network.');
    expect(text).not.toContain('• Textbook');
    expect(findLearningObjectives(text)).toBe(3);
  });
});
