import { MAX_FILES_PER_UPLOAD } from '@app/domain';

/** The right column: how the analysis works and what documents it needs (spec section 2 and 9 facts). */
export function HowWeAnalyzeCard() {
  return (
    <section aria-labelledby="how-we-analyze" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="how-we-analyze" className="text-lg font-semibold">
        How We Analyze Your Credentials
      </h2>
      <ul className="mt-3 list-disc space-y-2 pl-5 text-sm text-slate-700">
        <li>Each document is read, then all documents of a credential are analyzed together.</li>
        <li>
          Academic rigor is assessed against 7 criteria: topic relevance, learning objectives, assessment methods,
          instruction hours, curriculum structure, credential source clarity and completion evidence.
        </li>
        <li>The minimum is 5 of the 7, always including topic relevance, learning objectives and instruction hours.</li>
        <li>We look for 3 or more learning objectives, 30 or more contact hours and 4 or more modules or weeks.</li>
        <li>1 quarter credit = 10 contact hours.</li>
        <li>A 70% minimum topic overlap with one of our courses is required for a course equivalency.</li>
        <li>Credit is awarded in 2-3 days after verification.</li>
      </ul>
    </section>
  );
}

export function DocumentRequirementsCard() {
  return (
    <section
      aria-labelledby="document-requirements"
      className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="document-requirements" className="text-lg font-semibold">
        Document Requirements
      </h2>
      <ul className="mt-3 list-disc space-y-2 pl-5 text-sm text-slate-700">
        <li>Transcripts, syllabi, certificates and course descriptions.</li>
        <li>Accepted file types: PDF, DOC, DOCX, JPG and PNG.</li>
        <li>Up to 10 MB per file and {MAX_FILES_PER_UPLOAD} files per upload.</li>
        <li>Materials must be in English or certified translations.</li>
        <li>Syllabi should show contact hours, learning objectives and the course structure.</li>
      </ul>
    </section>
  );
}
