import { redirect, type ActionFunctionArgs } from 'react-router';
import { logout } from '~/lib/session.server';

/** The one logout of the admin area (panel, reviews and every other staff page post here). */
export function action({ request }: ActionFunctionArgs) {
  return logout(request);
}

/** Opening the address changes nothing: logging out takes the form's POST. */
export function loader() {
  return redirect('/admin');
}
