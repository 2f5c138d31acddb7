import { ROUTES } from '@app/contracts';
import { callApi } from '~/lib/api.server';

/** The issuer's public keys (JWKS), old ones included, for third-party verifiers. */
export async function loader() {
  return Response.json(await callApi(ROUTES.issuerJwks), {
    headers: { 'Cache-Control': 'public, max-age=300', 'Access-Control-Allow-Origin': '*' },
  });
}
