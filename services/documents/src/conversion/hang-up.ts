import type { ServerResponse } from 'node:http';

/** Aborts when the caller closes the connection before its answer is sent (a gateway that gave up). */
export function hangUp(response: ServerResponse): AbortSignal {
  const controller = new AbortController();
  response.once('close', () => {
    if (!response.writableFinished) controller.abort();
  });
  return controller.signal;
}
