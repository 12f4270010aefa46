import type { ConvertSourceFormat } from '@sixa/contracts';
import type { SourceFile } from './source-file';

/** The converter stopped because the conversion's signal aborted (its time ran out). */
export class ConversionAborted extends Error {
  constructor() {
    super('the conversion was stopped');
  }
}

/**
 * Turns a checked source file into a PDF. Two implementations behind this one interface, chosen from
 * the configuration: Gotenberg (GOTENBERG_URL set: docker compose, k8s) and the machine's own
 * LibreOffice and Chromium (the local default). Neither may fetch anything over the network while
 * converting: what the file links to stays unloaded.
 */
export abstract class Converter {
  /** One line for the start-up log: which tools convert what. */
  abstract describe(): Promise<string>;

  /** Why `format` cannot be converted here (a sentence for the caller, saying how to fix it), or null. */
  abstract unavailable(format: ConvertSourceFormat): Promise<string | null>;

  /**
   * The PDF. When `signal` aborts, the conversion's processes are killed (or its request dropped)
   * and the promise rejects with ConversionAborted.
   */
  abstract convert(file: SourceFile, signal: AbortSignal): Promise<Buffer>;
}

/** Rejects with ConversionAborted as soon as `signal` aborts (at once if it already has). */
export function abortion(signal: AbortSignal): { promise: Promise<never>; dispose: () => void } {
  let onAbort = () => {};
  const promise = new Promise<never>((_, reject) => {
    onAbort = () => reject(new ConversionAborted());
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  promise.catch(() => {});
  return { promise, dispose: () => signal.removeEventListener('abort', onAbort) };
}
