/**
 * Whether a document's text can be evaluated at all: a blank or unreadable scan gives (almost) no words, and the
 * spec accepts materials in English or certified translations only. The language is told cheaply from function
 * words (stopwords): they make up a large share of any prose, are the same in every document of a language, and a
 * transcript's table of course titles still carries enough of them ('of', 'and', 'to' against 'de', 'und', 'et').
 */

export type TextProblem = 'no_text' | 'not_english';

/** Words of three or more letters; fewer than this and there is nothing to read (OCR of a blank page gives specks). */
const MIN_WORDS = 5;
/** A document counts as another language only with this many of that language's function words… */
const MIN_FOREIGN_HITS = 6;
/** …and at least this many times as many as English ones (a certified translation quotes the original's names). */
const FOREIGN_OVER_ENGLISH = 2;

const ENGLISH = new Set(
  'the of and to in for with on at by from is are was were this that these which be been has have will shall an or as not it its their our your all any each who whom upon into than'.split(
    ' ',
  ),
);

/**
 * Function words of the languages transcripts most often arrive in, leaving out those that are also English words or
 * common in names ('a', 'in', 'die', 'do', 'van', 'de').
 */
const OTHER_LANGUAGES: Readonly<Record<string, ReadonlySet<string>>> = {
  spanish: new Set(
    'el los las del por para con una uno que según también como sus este esta entre sobre sin muy está son fue'.split(
      ' ',
    ),
  ),
  french: new Set(
    'le les des du et est une pour dans avec sur au aux que qui sont été cette ces par leur nous vous pas'.split(' '),
  ),
  german: new Set(
    'der das und ist mit für von zu dem ein eine einer nicht auf im des sich wird wurde sind oder bei nach'.split(' '),
  ),
  italian: new Set('il gli della delle di che per nel nella sono una questo questa degli dei alla anche'.split(' ')),
  portuguese: new Set('os dos das uma em não com para que foi são pela pelo como mais este esta'.split(' ')),
  dutch: new Set('het een en voor met niet zijn wordt werd naar bij ook deze dit heeft'.split(' ')),
};

function words(text: string): string[] {
  return Array.from(text.toLowerCase().matchAll(/\p{L}+/gu), (m) => m[0]);
}

/** Null when the text can be evaluated; otherwise what is wrong with it. */
export function textProblem(text: string): TextProblem | null {
  const all = words(text);
  if (all.filter((w) => w.length >= 3).length < MIN_WORDS) return 'no_text';
  const english = all.filter((w) => ENGLISH.has(w)).length;
  const foreign = Math.max(
    ...Object.values(OTHER_LANGUAGES).map((stopwords) => all.filter((w) => stopwords.has(w)).length),
  );
  return foreign >= MIN_FOREIGN_HITS && foreign >= FOREIGN_OVER_ENGLISH * english ? 'not_english' : null;
}

/** The failure reason shown to the person who uploaded the document. */
export function textProblemReason(fileName: string, problem: TextProblem): string {
  return problem === 'no_text'
    ? `${fileName} has no readable text: the page is blank or the scan is too faint to read. Upload a clearer scan or the original document.`
    : `${fileName} is not in English: materials must be in English or certified translations.`;
}

/** The failure reason for a PDF that opens only with a password. */
export function passwordProtectedReason(fileName: string): string {
  return `${fileName} is password-protected, so it cannot be read. Upload a copy that opens without a password.`;
}
