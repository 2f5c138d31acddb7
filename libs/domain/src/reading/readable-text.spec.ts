import { passwordProtectedReason, textProblem, textProblemReason } from './readable-text';

describe('textProblem', () => {
  it('finds no text in a blank scan, specks or a stamp', () => {
    expect(textProblem('')).toBe('no_text');
    expect(textProblem(' \n\f ')).toBe('no_text');
    expect(textProblem("| ' ~ . — ,, i l |")).toBe('no_text');
    expect(textProblem('OFFICIAL COPY')).toBe('no_text');
  });

  it('accepts English prose and an English transcript table, which has few function words', () => {
    expect(
      textProblem('This certifies that Maya Thompson has successfully completed the Trauma-Informed Care Intensive.'),
    ).toBeNull();
    const table = [
      'NORTHBRIDGE UNIVERSITY OFFICIAL ACADEMIC TRANSCRIPT',
      'Student Name: Jordan A. Rivera  Program: Bachelor of Arts in Psychology',
      'PSY 101 Introduction to Psychology 3.0 A',
      'PSY 230 Abnormal Psychology 3.0 A-',
      'MAT 140 Statistics for the Behavioral Sciences 4.0 W',
      'Helen Marsh, University Registrar',
    ].join('\n');
    expect(textProblem(table)).toBeNull();
  });

  it('accepts English with a few foreign names and words in it (Universidad de la Sabana, Dr. Van der Berg)', () => {
    const text =
      'Course Description. PSY 305 Psychopathology. Taught at the Universidad de la Sabana by Dr. Van der Berg and Prof. del Río, ' +
      'this course covers the classes of disorders in the DSM and treatment planning for each of them.';
    expect(textProblem(text)).toBeNull();
  });

  it.each([
    [
      'Spanish',
      'Certificado de calificaciones. El estudiante Juan Pérez ha completado los cursos del programa de Psicología con una nota media de 8,5 según el registro de la universidad, para los fines que estime convenientes.',
    ],
    [
      'French',
      'Relevé de notes. Le présent document atteste que Marie Dubois a suivi les cours du programme de psychologie et que les crédits sont validés pour une durée de trois ans dans notre université.',
    ],
    [
      'German',
      'Zeugnis über die Bachelorprüfung. Frau Anna Müller hat das Studium der Psychologie an der Universität mit der Gesamtnote gut abgeschlossen und ist berechtigt, den akademischen Grad zu führen, der in einer Urkunde verliehen wird.',
    ],
    [
      'Portuguese',
      'Histórico escolar. A aluna Ana Souza concluiu as disciplinas do curso de Psicologia com aproveitamento, conforme os registros da secretaria, e não possui pendências com a instituição para os fins que forem necessários.',
    ],
  ])('finds a %s document is not in English', (_language, text) => {
    expect(textProblem(text)).toBe('not_english');
  });

  it('accepts a certified translation that quotes the original heading', () => {
    const text =
      'CERTIFIED TRANSLATION from Spanish. Original heading: "Certificado de calificaciones de la Universidad". ' +
      'This is to certify that Juan Pérez has completed the courses of the Psychology program with an average of 8.5, ' +
      'as recorded by the registry of the university. I certify that this translation is true and accurate to the best of my knowledge.';
    expect(textProblem(text)).toBeNull();
  });
});

describe('reasons shown to the uploader', () => {
  it('name the document and say what to do', () => {
    expect(textProblemReason('scan.pdf', 'no_text')).toBe(
      'scan.pdf has no readable text: the page is blank or the scan is too faint to read. Upload a clearer scan or the original document.',
    );
    expect(textProblemReason('notas.pdf', 'not_english')).toBe(
      'notas.pdf is not in English: materials must be in English or certified translations.',
    );
    expect(passwordProtectedReason('locked.pdf')).toBe(
      'locked.pdf is password-protected, so it cannot be read. Upload a copy that opens without a password.',
    );
  });
});
