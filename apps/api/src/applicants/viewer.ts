import type { AuthenticatedAdmin } from '../admin/admin-auth.types';

/** Who is asking for applicant records: their owner, or staff (an admin or an evaluator). */
export type Viewer = { kind: 'applicant'; applicantId: string } | { kind: 'staff'; admin: AuthenticatedAdmin };

/** The owner filter for a query: null means staff, who see every applicant's records. */
export function ownerFilter(viewer: Viewer): string | null {
  return viewer.kind === 'applicant' ? viewer.applicantId : null;
}
