import { CRITERIA_KEYS, type Credential, type CredentialReview, type Evaluation, type Evidence } from '@app/contracts';
import { CRITERION_LABELS, displayedCourseEquivalencies } from '@app/domain';
import { DocumentNotices } from '~/components/evaluation/document-notices';
import { EmailDraftsButton, type OutreachState } from './email-drafts-button';

export interface CompletedCredentialResult {
  credential: Credential;
  /** null when the API had no evaluation for it. */
  evaluation: Evaluation | null;
  /** The staff decision, once there is one. */
  review: CredentialReview | null;
}

/** 'Analysis Results': one block per completed credential. Rendered only when at least one is completed. */
export function AnalysisResults({
  results,
  outreach,
}: {
  results: CompletedCredentialResult[];
  /** Whether to offer 'Create email drafts' for the contacts (the route's Gmail status and admin session). */
  outreach: OutreachState;
}) {
  return (
    <section
      aria-labelledby="analysis-results-title"
      className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="analysis-results-title" className="text-lg font-semibold">
        Analysis Results
      </h2>
      <div className="mt-4 space-y-6">
        {results.map(({ credential, evaluation, review }) => (
          <article key={credential.id} className="rounded-lg border border-slate-100 p-4" data-testid="analysis-result">
            <h3 className="font-semibold">{credential.name}</h3>
            <ReviewOutcome review={review} />
            {evaluation ? (
              <EvaluationDetails
                evaluation={evaluation}
                documentCount={credential.documents.length}
                credentialName={credential.name}
                outreach={outreach}
              />
            ) : (
              <p className="mt-2 text-sm text-slate-600">The evaluation is not available yet.</p>
            )}
          </article>
        ))}
      </div>
    </section>
  );
}

/** Credit Verification: what staff decided, in the applicant's words. */
function ReviewOutcome({ review }: { review: CredentialReview | null }) {
  if (!review) {
    return (
      <p className="mt-1 text-sm text-slate-700" data-testid="review-outcome">
        Credit verification: awaiting review by our evaluators (usually 2-3 days).
      </p>
    );
  }
  if (review.decision === 'verified') {
    return (
      <div className="mt-2 rounded-md bg-teal-50 p-3 text-sm text-teal-900" data-testid="review-outcome">
        <p className="font-semibold">Credit verified: {review.awardedCredits} quarter credits awarded.</p>
        {review.note && <p className="mt-1">Evaluator&apos;s note: {review.note}</p>}
      </div>
    );
  }
  return (
    <div className="mt-2 rounded-md bg-red-50 p-3 text-sm text-red-900" data-testid="review-outcome">
      <p className="font-semibold">Credit not verified.</p>
      <p className="mt-1">Reason: {review.rejectionReason}</p>
    </div>
  );
}

/**
 * 'why': the quoted line a figure was read from, with its document, page and line, and how a derived figure was
 * computed; a <details>, so it opens without JS. A value read with low confidence says 'check' instead of 'why'.
 */
function Why({ evidence }: { evidence: Evidence | undefined }) {
  if (!evidence) return null;
  return (
    <details className="inline-block text-xs text-slate-500" data-testid="evidence">
      <summary className={evidence.review ? 'cursor-pointer font-medium text-amber-800' : 'cursor-pointer'}>
        {evidence.review ? 'check' : 'why'}
      </summary>
      {evidence.review && (
        <p className="mt-1 text-amber-800" data-testid="evidence-review">
          {evidence.review}
        </p>
      )}
      <blockquote className="mt-1 border-l-2 border-slate-300 pl-2 text-slate-700">{evidence.quote}</blockquote>
      {evidence.derivation && <p className="mt-1 text-slate-700">Derived: {evidence.derivation}</p>}
      <span>
        {evidence.document}, page {evidence.page}, line {evidence.line}
      </span>
    </details>
  );
}

/** What no line of the documents states (a missing field is left empty, not guessed): the reason in words. */
function Missing({ reason }: { reason: string | undefined }) {
  return reason ? <span className="text-xs text-slate-500">({reason})</span> : null;
}

function EvaluationDetails({
  evaluation,
  documentCount,
  credentialName,
  outreach,
}: {
  evaluation: Evaluation;
  documentCount: number;
  credentialName: string;
  outreach: OutreachState;
}) {
  const equivalencies = displayedCourseEquivalencies(evaluation.courseEquivalencies);
  const hiddenEquivalencies = evaluation.courseEquivalencies.length - equivalencies.length;
  const details = evaluation.certificateDetails;
  const evidence = evaluation.evidence ?? {};
  return (
    <div className="mt-3 space-y-4 text-sm">
      <DocumentNotices
        notices={evaluation.documentNotices ?? []}
        documentCount={documentCount}
        credentialName={credentialName}
      />
      <dl className="grid gap-3 sm:grid-cols-3">
        <div>
          <dt className="text-slate-500">Recommended credits</dt>
          <dd className="text-xl font-semibold" data-testid="total-credits">
            {evaluation.totalCredits} quarter credits
          </dd>
          {evaluation.contactHours ? (
            <dd className="text-xs text-slate-500">
              from {evaluation.contactHours} contact hours (1 credit = 10 hours){' '}
              <Why evidence={evidence.contactHours} />
            </dd>
          ) : (
            <dd className="text-xs text-slate-500" data-testid="missing-contactHours">
              <Missing reason={evaluation.missing?.contactHours} />
            </dd>
          )}
        </div>
        <div>
          <dt className="text-slate-500">Academic rigor</dt>
          <dd className="text-xl font-semibold" data-testid="rigor-score">
            {evaluation.rigorScore}/10
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Minimum requirements</dt>
          <dd className="text-xl font-semibold" data-testid="minimum-requirements">
            {evaluation.minimumRequirementsMet ? 'Met' : 'Not met'}
          </dd>
          {(evaluation.transcripts ?? []).some((t) => t.courses.length > 0) && (
            <dd className="text-xs text-slate-500">
              A transcript&apos;s courses count as the institution recorded them; the minimum applies to syllabi and
              certificates.
            </dd>
          )}
        </div>
      </dl>
      <div>
        <h4 className="font-medium">Criteria</h4>
        <ul className="mt-1 grid gap-1 sm:grid-cols-2">
          {CRITERIA_KEYS.map((key) => (
            <li key={key} data-testid={`criterion-${key}`}>
              <span aria-hidden="true">{evaluation[key] ? '✓' : '✗'}</span> {CRITERION_LABELS[key]}:{' '}
              {evaluation[key] ? 'met' : 'not met'}{' '}
              {evidence[key] ? (
                <Why evidence={evidence[key]} />
              ) : (
                !evaluation[key] && <span className="text-xs text-slate-500">(no line in the documents states it)</span>
              )}
            </li>
          ))}
        </ul>
        {evaluation.rigorExplanation.length > 0 && (
          <details className="mt-2 text-xs text-slate-600">
            <summary className="cursor-pointer">How the rigor score adds up</summary>
            <ul className="mt-1 space-y-0.5">
              {evaluation.rigorExplanation.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </details>
        )}
      </div>
      <div>
        <h4 className="font-medium">Matched courses</h4>
        {evaluation.matchedCourses.length > 0 ? (
          <ul className="mt-1 list-inside list-disc" data-testid="matched-courses">
            {evaluation.matchedCourses.map((course) => (
              <li key={course}>{course}</li>
            ))}
          </ul>
        ) : (
          <p className="text-slate-600">No catalog course reaches the 70% topic overlap.</p>
        )}
      </div>
      <div>
        <h4 className="font-medium">Certificate details</h4>
        <dl className="mt-1 grid gap-1 sm:grid-cols-2">
          <dt className="text-slate-500">Recipient</dt>
          <dd>
            {details.recipientName ?? 'Not found'} <Why evidence={evidence['certificateDetails.recipientName']} />
            <Missing reason={evaluation.missing?.['certificateDetails.recipientName']} />
          </dd>
          <dt className="text-slate-500">Issuing organization</dt>
          <dd>
            {details.issuingOrganization ?? 'Not found'}{' '}
            <Why evidence={evidence['certificateDetails.issuingOrganization']} />
            <Missing reason={evaluation.missing?.['certificateDetails.issuingOrganization']} />
          </dd>
          <dt className="text-slate-500">Author</dt>
          <dd>
            {details.certificateAuthor ?? 'Not found'}{' '}
            <Why evidence={evidence['certificateDetails.certificateAuthor']} />
            <Missing reason={evaluation.missing?.['certificateDetails.certificateAuthor']} />
          </dd>
          <dt className="text-slate-500">Completion date</dt>
          <dd>
            {details.completionDate ?? 'Not found'} <Why evidence={evidence['certificateDetails.completionDate']} />
            <Missing reason={evaluation.missing?.['certificateDetails.completionDate']} />
          </dd>
        </dl>
      </div>
      {(evaluation.transcripts ?? []).map((transcript, index) => (
        <div key={`${transcript.institution ?? 'transcript'}-${index}`} data-testid="transcript-courses">
          <h4 className="font-medium">
            Transcript courses{transcript.institution ? `: ${transcript.institution}` : ''}
          </h4>
          <p className="text-xs text-slate-500">
            {transcript.creditRule}; {transcript.quarterCredits} quarter credits earned{' '}
            <Why evidence={transcript.evidence.creditSystem} />
          </p>
          <ul className="mt-1 space-y-0.5">
            {transcript.courses.map((course) => (
              <li key={`${course.evidence.page}-${course.evidence.line}`}>
                {course.term ? `${course.term}: ` : ''}
                {course.code ? `${course.code} ` : ''}
                {course.title},{' '}
                {course.credits === null
                  ? `credits not stated (${course.creditsAbsent ?? 'no credits on the row'})`
                  : `${course.credits} ${transcript.creditSystem.replace('_', ' ')} credits`}
                , grade {course.grade ?? 'none'} = {course.quarterCredits} quarter credits{' '}
                <Why evidence={course.evidence} />
              </li>
            ))}
          </ul>
        </div>
      ))}
      {equivalencies.length > 0 && (
        <div>
          <h4 className="font-medium">Course equivalencies</h4>
          <ul className="mt-1 space-y-1" data-testid="course-equivalencies">
            {equivalencies.map((item) => (
              <li key={`${item.originalCourse}-${item.equivalentCourse}`}>
                {item.originalCourse} → {item.equivalentCourse} ({item.credits} credits){' '}
                <Why evidence={item.evidence} />
              </li>
            ))}
          </ul>
          {hiddenEquivalencies > 0 && <p className="text-xs text-slate-500">and {hiddenEquivalencies} more</p>}
        </div>
      )}
      {evaluation.leadContacts.length > 0 && (
        <div>
          <h4 className="font-medium">Contacts</h4>
          <ul className="mt-1 space-y-1" data-testid="lead-contacts">
            {evaluation.leadContacts.map((contact) => (
              <li key={`${contact.name}-${contact.email}`}>
                {contact.name}
                {contact.title ? `, ${contact.title}` : ''}
                {contact.organization ? ` (${contact.organization})` : ''} · {contact.email}{' '}
                <Why evidence={evidence[`leadContacts.${contact.email}`]} />
              </li>
            ))}
          </ul>
          <EmailDraftsButton
            credentialId={evaluation.credentialId}
            contactCount={evaluation.leadContacts.length}
            outreach={outreach}
          />
        </div>
      )}
    </div>
  );
}
