import { ROUTES } from '@app/contracts';
import { callApiResponse } from '~/lib/api.server';

/** The revocation Bitstring Status List credential every certificate points at (a VC-JOSE JWS). */
export async function loader() {
  const response = await callApiResponse(ROUTES.issuerStatusList);
  return new Response(await response.text(), {
    headers: { 'Content-Type': 'application/vc+jwt', 'Cache-Control': 'no-cache', 'Access-Control-Allow-Origin': '*' },
  });
}
