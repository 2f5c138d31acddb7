/**
 * The one rule for which failures belong to a document rather than to us. A document's own problem reads the same way
 * every time, so it is never retried: the document is left out of the evaluation with its reason (or, when no document
 * of the credential can be read, the analysis fails with the reasons). Anything else (storage or the database down,
 * a reader process that could not start or is stopping, a fault in our code) fails the attempt, and the queue retries.
 *
 * A document's own problems are raised as UnreadableDocumentError, and only there:
 * - its bytes are no supported kind of file (DocumentTextExtractor);
 * - a reader refused it or could not read it: damaged, password-protected, too many pages, too large, took too long,
 *   needed too much memory, crashed its reader (DocumentTextExtractor, from the sandbox's ReadFailedError);
 * - its text cannot be evaluated: blank or too faint, or not in English (the analysis pipeline, from textProblem).
 */

/** Why a document is unreadable, for the logs (which carry ids and codes, never names or text). */
export type DocumentProblemCode =
  | 'not_supported'
  | 'password'
  | 'reader_failed'
  | 'no_text'
  | 'not_english'
  /** No document of the credential could be read: the analysis fails with every document's reason. */
  | 'none_readable';

/** A document that cannot be evaluated; the message names it and is shown to the applicant as is. */
export class UnreadableDocumentError extends Error {
  override name = 'UnreadableDocumentError';
  constructor(
    message: string,
    readonly code: DocumentProblemCode,
  ) {
    super(message);
  }
}

/** The document's own problem behind an error, or null for a failure of ours (which fails the attempt). */
export function documentProblem(error: unknown): UnreadableDocumentError | null {
  return error instanceof UnreadableDocumentError ? error : null;
}
