/**
 * The batch endpoints of the loopback server: OpenAI's file upload, `/v1/batches` and file content, and
 * Anthropic's `/v1/messages/batches` with its results. Each request line is answered when the batch is created,
 * by the same replies the direct endpoints give, and logged; a batch ends after a set number of status polls
 * (or when released), and a request can be made to expire or fail.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RecordedRequest, Vendor } from './loopback-requests.ts';

/** A direct answer as the server would send it. */
export type WireReply = { status: number; body: unknown };

/** How the batch endpoints behave (mutable while the server runs). */
export type BatchControl = {
  /** Status polls a batch answers "in progress" before it ends (default 0: the first poll sees it ended). */
  pollsBeforeEnd: number;
  /** While true, every batch stays in progress whatever `pollsBeforeEnd` says. */
  hold: boolean;
  /** Requests for which this returns `expired` or `errored` end that way instead of being answered. */
  fail?: (line: BatchLine) => 'expired' | 'errored' | undefined;
};

/** One request line of a batch, as submitted. */
export type BatchLine = { vendor: Vendor; batch: string; customId: string; body: any };

/** What the batch routes hold: the control, and every line submitted, in order. */
export type BatchRoutes = {
  control: BatchControl;
  lines: BatchLine[];
  /** The batch ids created, in order. */
  created: string[];
  /** Handles a request when it is a batch route; false otherwise. */
  handle(request: IncomingMessage, response: ServerResponse, baseUrl: string): Promise<boolean>;
};

type Outcome = { customId: string; reply?: WireReply; failure?: 'expired' | 'errored' };

type StoredBatch = {
  id: string;
  vendor: Vendor;
  polls: number;
  outcomes: Outcome[];
  createdAt: number;
  outputFile?: string;
  errorFile?: string;
};

/** The batch routes, answering each line with `answer` (the direct endpoints' reply logic). */
export function createBatchRoutes(answer: (request: RecordedRequest) => WireReply): BatchRoutes {
  const control: BatchControl = { pollsBeforeEnd: 0, hold: false };
  const lines: BatchLine[] = [];
  const created: string[] = [];
  const files = new Map<string, string>();
  const batches = new Map<string, StoredBatch>();
  let counter = 0;

  const createBatch = (vendor: Vendor, entries: Array<{ customId: string; body: any; url: string }>) => {
    const id = vendor === 'openai' ? `batch_${++counter}` : `msgbatch_${++counter}`;
    const outcomes = entries.map(({ customId, body, url }): Outcome => {
      const line = { vendor, batch: id, customId, body };
      lines.push(line);
      const failure = control.fail?.(line);
      if (failure) return { customId, failure };
      return { customId, reply: answer({ vendor, path: url, headers: {}, body }) };
    });
    const batch: StoredBatch = { id, vendor, polls: 0, outcomes, createdAt: Math.floor(Date.now() / 1000) };
    batches.set(id, batch);
    created.push(id);
    return batch;
  };
  const ended = (batch: StoredBatch) => !control.hold && batch.polls > control.pollsBeforeEnd;

  return {
    control,
    lines,
    created,
    async handle(request, response, baseUrl) {
      const path = (request.url ?? '').split('?')[0] ?? '';
      const method = request.method ?? '';
      if (method === 'POST' && path === '/v1/files') {
        const form = await new Request(`${baseUrl}${path}`, {
          method,
          headers: request.headers as Record<string, string>,
          body: await readAll(request),
        }).formData();
        const file = form.get('file') as Blob;
        const id = `file-${++counter}`;
        files.set(id, await file.text());
        const object = {
          id,
          object: 'file',
          bytes: file.size,
          created_at: 1_700_000_000,
          filename: 'batch.jsonl',
          purpose: form.get('purpose'),
          status: 'processed',
        };
        sendJson(response, 200, object);
        return true;
      }
      if (method === 'POST' && path === '/v1/batches') {
        const body = JSON.parse((await readAll(request)).toString('utf8'));
        const text = files.get(body.input_file_id);
        if (text === undefined)
          return (sendJson(response, 404, { error: { message: 'no such file' } }), true);
        const entries = text
          .split('\n')
          .filter((line) => line.trim() !== '')
          .map((line) => JSON.parse(line))
          .map((line) => ({ customId: line.custom_id, body: line.body, url: line.url }));
        sendJson(response, 200, openAIBatch(createBatch('openai', entries), false));
        return true;
      }
      const openAIRetrieve = /^\/v1\/batches\/([^/]+)$/.exec(path);
      if (method === 'GET' && openAIRetrieve) {
        const batch = batches.get(openAIRetrieve[1]!);
        if (!batch) return (sendJson(response, 404, { error: { message: 'no such batch' } }), true);
        batch.polls++;
        const done = ended(batch);
        if (done && batch.outputFile === undefined) {
          batch.outputFile = `file-${++counter}`;
          files.set(
            batch.outputFile,
            openAIOutput(batch, (outcome) => outcome.reply !== undefined),
          );
          if (batch.outcomes.some((outcome) => outcome.failure)) {
            batch.errorFile = `file-${++counter}`;
            files.set(
              batch.errorFile,
              openAIOutput(batch, (outcome) => outcome.failure !== undefined),
            );
          }
        }
        sendJson(response, 200, openAIBatch(batch, done));
        return true;
      }
      const content = /^\/v1\/files\/([^/]+)\/content$/.exec(path);
      if (method === 'GET' && content) {
        const text = files.get(content[1]!);
        if (text === undefined)
          return (sendJson(response, 404, { error: { message: 'no such file' } }), true);
        response.writeHead(200, { 'content-type': 'application/octet-stream' });
        response.end(text);
        return true;
      }
      if (method === 'POST' && path === '/v1/messages/batches') {
        const body = JSON.parse((await readAll(request)).toString('utf8'));
        const entries = (body.requests as Array<{ custom_id: string; params: unknown }>).map((entry) => ({
          customId: entry.custom_id,
          body: entry.params,
          url: '/v1/messages',
        }));
        sendJson(response, 200, anthropicBatch(createBatch('anthropic', entries), false, baseUrl));
        return true;
      }
      const anthropicRetrieve = /^\/v1\/messages\/batches\/([^/]+)(\/results)?$/.exec(path);
      if (method === 'GET' && anthropicRetrieve) {
        const batch = batches.get(anthropicRetrieve[1]!);
        if (!batch) return (sendJson(response, 404, errorOf('not_found_error', 'no such batch')), true);
        if (anthropicRetrieve[2]) {
          if (!ended(batch))
            return (sendJson(response, 400, errorOf('invalid_request_error', 'not ended')), true);
          response.writeHead(200, { 'content-type': 'application/binary' });
          response.end(
            batch.outcomes.map((outcome) => `${JSON.stringify(anthropicResult(outcome))}\n`).join(''),
          );
          return true;
        }
        batch.polls++;
        sendJson(response, 200, anthropicBatch(batch, ended(batch), baseUrl));
        return true;
      }
      return false;
    },
  };
}

function openAIBatch(batch: StoredBatch, done: boolean): unknown {
  const failed = batch.outcomes.filter((outcome) => outcome.failure || (outcome.reply?.status ?? 200) >= 400);
  return {
    id: batch.id,
    object: 'batch',
    endpoint: '/v1/chat/completions',
    input_file_id: 'file-input',
    completion_window: '24h',
    status: done ? 'completed' : batch.polls === 0 ? 'validating' : 'in_progress',
    created_at: batch.createdAt,
    output_file_id: done ? batch.outputFile : null,
    error_file_id: done ? (batch.errorFile ?? null) : null,
    request_counts: {
      total: batch.outcomes.length,
      completed: done ? batch.outcomes.length - failed.length : 0,
      failed: done ? failed.length : 0,
    },
  };
}

function openAIOutput(batch: StoredBatch, include: (outcome: Outcome) => boolean): string {
  return batch.outcomes
    .filter(include)
    .map((outcome, index) => {
      const line = outcome.reply
        ? {
            id: `batch_req_${index}`,
            custom_id: outcome.customId,
            response: {
              status_code: outcome.reply.status,
              request_id: `req_${index}`,
              body: outcome.reply.body,
            },
            error: null,
          }
        : {
            id: `batch_req_${index}`,
            custom_id: outcome.customId,
            response: null,
            error:
              outcome.failure === 'expired'
                ? {
                    code: 'batch_expired',
                    message: 'This request could not be executed before the completion window expired.',
                  }
                : { code: 'server_error', message: 'The request failed on the server.' },
          };
      return `${JSON.stringify(line)}\n`;
    })
    .join('');
}

function anthropicBatch(batch: StoredBatch, done: boolean, baseUrl: string): unknown {
  const count = (test: (outcome: Outcome) => boolean) => (done ? batch.outcomes.filter(test).length : 0);
  return {
    id: batch.id,
    type: 'message_batch',
    processing_status: done ? 'ended' : 'in_progress',
    request_counts: {
      processing: done ? 0 : batch.outcomes.length,
      succeeded: count((outcome) => outcome.reply !== undefined && outcome.reply.status < 400),
      errored: count((outcome) => outcome.failure === 'errored' || (outcome.reply?.status ?? 200) >= 400),
      canceled: 0,
      expired: count((outcome) => outcome.failure === 'expired'),
    },
    created_at: new Date(batch.createdAt * 1000).toISOString(),
    expires_at: new Date((batch.createdAt + 86_400) * 1000).toISOString(),
    ended_at: done ? new Date().toISOString() : null,
    cancel_initiated_at: null,
    archived_at: null,
    results_url: done ? `${baseUrl}/v1/messages/batches/${batch.id}/results` : null,
  };
}

function anthropicResult(outcome: Outcome): unknown {
  if (outcome.failure === 'expired') return { custom_id: outcome.customId, result: { type: 'expired' } };
  if (outcome.failure === 'errored' || !outcome.reply || outcome.reply.status >= 400) {
    const body = outcome.reply?.body ?? errorOf('api_error', 'The request failed on the server.');
    return { custom_id: outcome.customId, result: { type: 'errored', error: body } };
  }
  return { custom_id: outcome.customId, result: { type: 'succeeded', message: outcome.reply.body } };
}

function errorOf(type: string, message: string): unknown {
  return { type: 'error', error: { type, message } };
}

async function readAll(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}
