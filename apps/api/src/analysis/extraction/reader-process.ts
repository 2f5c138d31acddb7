import { DocumentRefusedError, READERS, closeReaders, type ReaderKind, type ReaderOutput } from './readers';
import type { ReaderLimits } from './reader-limits';

/**
 * The entry of a reader process (started by ReaderSandbox with a heap cap, never imported by the API). It reads one
 * document at a time, as the parent asks over the IPC channel, and answers with the text or why it failed. An error a
 * library throws outside its promises (tesseract.js does on some malformed images) is answered as that document's
 * failure, and then this process exits: its state is unknown, and the parent starts a fresh one for the next read.
 */

export interface ReadRequest {
  id: number;
  kind: ReaderKind;
  bytes: Uint8Array;
  limits: ReaderLimits;
}

export type ReadAnswer =
  | { id: number; ok: true; output: ReaderOutput }
  /** refused: the message is written for people; crashed: the process exits after this answer. */
  | { id: number; ok: false; refused: boolean; crashed: boolean; error: string };

let current: number | null = null;

function answer(message: ReadAnswer): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send || !process.connected) return resolve();
    process.send(message, undefined, {}, () => resolve());
  });
}

const describe = (error: unknown): string =>
  error instanceof Error ? `${error.name}: ${error.message}` : String(error);

async function crash(error: unknown): Promise<void> {
  const id = current;
  current = null;
  if (id !== null) await answer({ id, ok: false, refused: false, crashed: true, error: describe(error) });
  process.exit(70);
}

process.on('uncaughtException', (error) => void crash(error));
process.on('unhandledRejection', (error) => void crash(error));
// The parent went away (stopped or crashed): nothing is left to answer.
process.on('disconnect', () => void closeReaders().finally(() => process.exit(0)));

/** Runs the reader; a text too long to analyze is refused here, for every kind of document. */
async function read({ kind, bytes, limits }: ReadRequest): Promise<ReaderOutput> {
  const output = await READERS[kind](bytes, limits);
  if (output.text.length > limits.maxTextChars) {
    const characters = (n: number) => n.toLocaleString('en-US');
    throw new DocumentRefusedError(
      `This document has too much text to analyze (${characters(output.text.length)} characters; at most ${characters(limits.maxTextChars)}).`,
    );
  }
  return output;
}

process.on('message', (request: ReadRequest) => {
  current = request.id;
  void read(request).then(
    (output) => {
      current = null;
      return answer({ id: request.id, ok: true, output });
    },
    (error: unknown) => {
      current = null;
      const refused = error instanceof DocumentRefusedError;
      return answer({
        id: request.id,
        ok: false,
        refused,
        crashed: false,
        error: refused ? error.message : describe(error),
      });
    },
  );
});
