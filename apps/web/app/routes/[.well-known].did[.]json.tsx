import { ROUTES } from '@app/contracts';
import { callApi } from '~/lib/api.server';

/** The issuer's did:web DID document: did:web:<this host> resolves here. */
export async function loader() {
  return Response.json(await callApi(ROUTES.issuerDid), {
    headers: {
      'Content-Type': 'application/did+json',
      'Cache-Control': 'public, max-age=300',
      'Access-Control-Allow-Origin': '*',
    },
  });
}
