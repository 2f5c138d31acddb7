import type { AuthenticatedAdmin } from '../admin/admin-auth.types';

/**
 * Who is asking for applicant records: their owner, or staff (an admin or an evaluator). A signed-in applicant's
 * browser also names its session (the SHA-256 the API keeps), which signing out ends.
 */
export type Viewer =
  | {
      kind: 'applicant';
      applicantId: string;
      sessionHash?: string | null;
      /** The account's email as the guard read it with the session check (null while anonymous); absent elsewhere. */
      email?: string | null;
    }
  | { kind: 'staff'; admin: AuthenticatedAdmin };

/** The owner filter for a query: null means staff, who see every applicant's records. */
export function ownerFilter(viewer: Viewer): string | null {
  return viewer.kind === 'applicant' ? viewer.applicantId : null;
}
