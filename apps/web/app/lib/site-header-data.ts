/** The root loader's answer, from the cookies: an account (the applicant cookie holds a session), a staff session. */
export interface RootLoaderData {
  accountSignedIn: boolean;
  /** An admin or evaluator is logged in on this browser: the admin pages' header offers their panel and logout. */
  adminSignedIn: boolean;
}
