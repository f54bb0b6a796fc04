import type { IncomingMessage, ServerResponse } from 'node:http'

export interface Forward {
  (req: IncomingMessage, res: ServerResponse): void
  /** Closes the kept-alive connections. */
  close(): void
}

export function forwardTo(target: string): Forward
