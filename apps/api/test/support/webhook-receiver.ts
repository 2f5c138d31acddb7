import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface Received {
  id: string;
  type: string;
  data: Record<string, unknown>;
}

/**
 * A receiver as a provider's system would run it: every request is verified with the Standard Webhooks reference
 * library and the endpoint's secret; a bad signature answers 400 and is counted. `down` answers 503.
 */
export class Receiver {
  readonly received: Received[] = [];
  rejected = 0;
  down = false;
  secret = '';
  private server: Server | null = null;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        if (this.down) {
          response.writeHead(503).end();
          return;
        }
        const body = Buffer.concat(chunks).toString('utf8');
        try {
          const verified = new Webhook(this.secret).verify(body, flatten(request.headers)) as Omit<Received, 'id'>;
          this.received.push({ id: String(request.headers['webhook-id']), type: verified.type, data: verified.data });
          response.writeHead(204).end();
        } catch {
          this.rejected += 1;
          response.writeHead(400).end();
        }
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server?.address() as AddressInfo).port}/hooks`;
  }

  of(type: string): Received[] {
    return this.received.filter((event) => event.type === type);
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

function flatten(headers: IncomingHttpHeaders): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(',') : (value ?? '')]),
  );
}
