/** What the loopback server records of each request, shared by its routes (direct calls and batches). */
import type { IncomingHttpHeaders } from 'node:http';

/** Which wire format a request used. */
export type Vendor = 'openai' | 'anthropic';

/** One request as the server saw it. */
export type RecordedRequest = {
  vendor: Vendor;
  path: string;
  headers: IncomingHttpHeaders;
  // Request bodies are whatever the SDK sent; tests read fields.
  body: any;
};
