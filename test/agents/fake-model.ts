// A fake model endpoint on 127.0.0.1 that speaks the three wire formats the agents use (Anthropic Messages,
// OpenAI Responses, Gemini generateContent) and plays a fixed script: one tool call per turn, then "done".
// Every request is logged, so a test reads what the agent sent back for each call without trusting the agent.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One tool call the fake asks for. `input` is the tool's arguments; `raw` a freeform tool's text (Codex). */
export interface ToolStep {
  /** What the step is, for messages: `shell-read`, `file-read`, `file-write`, `benign`. */
  label: string;
  tool: string;
  input?: Record<string, unknown>;
  raw?: string;
}

export type Api = 'anthropic' | 'responses' | 'gemini';

export interface LoggedRequest {
  api: Api | 'other';
  method: string;
  path: string;
  body: unknown;
  /** For a request of the scripted conversation: how many tool results it carried (the step it asked for). */
  step?: number;
}

/** What the agent sent back for one scripted tool call. */
export interface ToolResult {
  /** The text of the result, as the model would read it. */
  text: string;
  /** Whether the agent marked it as an error (Anthropic `is_error`; unknown elsewhere). */
  isError?: boolean;
}

export interface FakeModel {
  /** `http://127.0.0.1:PORT`. */
  url: string;
  requests: LoggedRequest[];
  /** Every byte of every request body, for a search (a secret that must never have been sent). */
  rawBodies: string[];
  /** The tool results of the scripted conversation, in step order, from the last request that carried any. */
  results(): ToolResult[];
  close(): Promise<void>;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));

/** The tool results a request carries, in order, in each API's shape. */
function toolResults(api: Api, body: Json): ToolResult[] {
  const out: ToolResult[] = [];
  if (api === 'anthropic') {
    for (const message of Array.isArray(body.messages) ? body.messages : []) {
      if (!isObject(message) || !Array.isArray(message.content)) continue;
      for (const block of message.content) {
        if (!isObject(block) || block.type !== 'tool_result') continue;
        const content = Array.isArray(block.content)
          ? block.content.map((c) => (isObject(c) && typeof c.text === 'string' ? c.text : text(c))).join('\n')
          : text(block.content ?? '');
        out.push({ text: content, isError: block.is_error === true });
      }
    }
  } else if (api === 'responses') {
    for (const item of Array.isArray(body.input) ? body.input : []) {
      if (isObject(item) && (item.type === 'function_call_output' || item.type === 'custom_tool_call_output')) {
        const output = isObject(item.output) && typeof item.output.content === 'string' ? item.output.content : text(item.output ?? '');
        out.push({ text: output });
      }
    }
  } else {
    for (const content of Array.isArray(body.contents) ? body.contents : []) {
      if (!isObject(content) || !Array.isArray(content.parts)) continue;
      for (const part of content.parts) {
        if (isObject(part) && isObject(part.functionResponse)) out.push({ text: text(part.functionResponse.response ?? '') });
      }
    }
  }
  return out;
}

/** The tool names a request offers the model, in each API's shape. */
function offeredTools(body: Json): string[] {
  const names: string[] = [];
  for (const tool of Array.isArray(body.tools) ? body.tools : []) {
    if (!isObject(tool)) continue;
    if (typeof tool.name === 'string') names.push(tool.name);
    if (isObject(tool.function) && typeof tool.function.name === 'string') names.push(tool.function.name);
    for (const decl of Array.isArray(tool.functionDeclarations) ? tool.functionDeclarations : []) {
      if (isObject(decl) && typeof decl.name === 'string') names.push(decl.name);
    }
  }
  return names;
}

function sse(res: ServerResponse, events: { event?: string; data: unknown }[]): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'close' });
  for (const e of events) res.write(`${e.event ? `event: ${e.event}\n` : ''}data: ${JSON.stringify(e.data)}\n\n`);
  res.end();
}

function json(res: ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', connection: 'close' });
  res.end(JSON.stringify(value));
}

let serial = 0;

function anthropic(res: ServerResponse, body: Json, step: ToolStep | undefined): void {
  const id = `msg_e2e_${++serial}`;
  const model = typeof body.model === 'string' ? body.model : 'claude-e2e';
  const usage = { input_tokens: 12, output_tokens: 6, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
  const block = step ? { type: 'tool_use', id: `toolu_e2e_${serial}`, name: step.tool, input: step.input ?? {} } : { type: 'text', text: 'done' };
  const stopReason = step ? 'tool_use' : 'end_turn';
  if (body.stream !== true) {
    json(res, 200, { id, type: 'message', role: 'assistant', model, content: [block], stop_reason: stopReason, stop_sequence: null, usage });
    return;
  }
  const start = step ? { ...block, input: {} } : { type: 'text', text: '' };
  const delta = step ? { type: 'input_json_delta', partial_json: JSON.stringify(step.input ?? {}) } : { type: 'text_delta', text: 'done' };
  sse(res, [
    { event: 'message_start', data: { type: 'message_start', message: { id, type: 'message', role: 'assistant', model, content: [], stop_reason: null, stop_sequence: null, usage } } },
    { event: 'content_block_start', data: { type: 'content_block_start', index: 0, content_block: start } },
    { event: 'content_block_delta', data: { type: 'content_block_delta', index: 0, delta } },
    { event: 'content_block_stop', data: { type: 'content_block_stop', index: 0 } },
    { event: 'message_delta', data: { type: 'message_delta', delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: 6 } } },
    { event: 'message_stop', data: { type: 'message_stop' } },
  ]);
}

function responses(res: ServerResponse, body: Json, step: ToolStep | undefined): void {
  const id = `resp_e2e_${++serial}`;
  let item: Json;
  if (!step) item = { type: 'message', id: `msg_e2e_${serial}`, role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'done', annotations: [] }] };
  else if (step.raw !== undefined) item = { type: 'custom_tool_call', id: `ctc_e2e_${serial}`, call_id: `call_e2e_${serial}`, name: step.tool, input: step.raw, status: 'completed' };
  else item = { type: 'function_call', id: `fc_e2e_${serial}`, call_id: `call_e2e_${serial}`, name: step.tool, arguments: JSON.stringify(step.input ?? {}), status: 'completed' };
  const model = typeof body.model === 'string' ? body.model : 'gpt-e2e';
  const usage = { input_tokens: 12, input_tokens_details: { cached_tokens: 0 }, output_tokens: 6, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 18 };
  const response = { id, object: 'response', created_at: Math.floor(Date.now() / 1000), model, status: 'completed', output: [item], usage };
  sse(res, [
    { event: 'response.created', data: { type: 'response.created', response: { ...response, status: 'in_progress', output: [] } } },
    { event: 'response.output_item.added', data: { type: 'response.output_item.added', output_index: 0, item } },
    { event: 'response.output_item.done', data: { type: 'response.output_item.done', output_index: 0, item } },
    { event: 'response.completed', data: { type: 'response.completed', response } },
  ]);
}

/** A value of a JSON schema (Gemini's side requests ask for JSON: routing, next-speaker checks). */
function schemaValue(schema: unknown): unknown {
  if (!isObject(schema)) return 'e2e';
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  switch (String(schema.type ?? '').toLowerCase()) {
    case 'object': {
      const props = isObject(schema.properties) ? schema.properties : {};
      return Object.fromEntries(Object.entries(props).map(([k, v]) => [k, schemaValue(v)]));
    }
    case 'array':
      return [];
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return false;
    default:
      return 'e2e';
  }
}

function gemini(res: ServerResponse, body: Json, step: ToolStep | undefined, stream: boolean): void {
  const config = isObject(body.generationConfig) ? body.generationConfig : {};
  const wantsJson = config.responseMimeType === 'application/json';
  const schema = config.responseJsonSchema ?? config.responseSchema;
  const part = step ? { functionCall: { name: step.tool, args: step.input ?? {} } } : { text: wantsJson ? JSON.stringify(schemaValue(schema)) : 'done' };
  const chunk = {
    candidates: [{ content: { role: 'model', parts: [part] }, finishReason: 'STOP', index: 0 }],
    usageMetadata: { promptTokenCount: 12, candidatesTokenCount: 6, totalTokenCount: 18 },
    modelVersion: 'gemini-e2e',
  };
  if (stream) sse(res, [{ data: chunk }]);
  else json(res, 200, chunk);
}

function apiOf(method: string, path: string): Api | 'other' {
  if (method !== 'POST') return 'other';
  if (/\/messages(\?|$)/.test(path)) return 'anthropic';
  if (/\/responses(\?|$)/.test(path)) return 'responses';
  if (/:(stream)?[gG]enerateContent(\?|$)/.test(path)) return 'gemini';
  return 'other';
}

/**
 * Starts the fake on 127.0.0.1 (an ephemeral port). A request that offers the first step's tool belongs to the
 * scripted conversation: it is answered with the step after the tool results it carries, or "done" once all
 * ran. Any other model request (titles, summaries, routing) is answered with plain text. `onStep(n)` is told
 * before step n is asked for (a test stops a server there, mid-run).
 */
export async function startFakeModel(steps: ToolStep[], options: { onStep?: (step: number) => void } = {}): Promise<FakeModel> {
  const requests: LoggedRequest[] = [];
  const rawBodies: string[] = [];
  let lastResults: ToolResult[] = [];
  const handle = (req: IncomingMessage, res: ServerResponse, raw: string): void => {
    rawBodies.push(raw);
    const path = req.url ?? '/';
    const method = req.method ?? 'GET';
    let body: unknown;
    try {
      body = raw === '' ? undefined : JSON.parse(raw);
    } catch {
      body = raw;
    }
    const api = apiOf(method, path);
    const logged: LoggedRequest = { api, method, path, body };
    requests.push(logged);
    if (/count_tokens|:countTokens/.test(path)) {
      json(res, 200, path.includes(':countTokens') ? { totalTokens: 12 } : { input_tokens: 12 });
      return;
    }
    if (api === 'other' || !isObject(body)) {
      // Model lists, telemetry, update checks: an empty answer, so nothing waits on a connection that never comes.
      json(res, path.endsWith('/models') ? 200 : 404, path.endsWith('/models') ? { data: [], models: [] } : { error: { message: `the e2e fake model does not serve ${method} ${path}` } });
      return;
    }
    const scripted = steps.length > 0 && offeredTools(body).includes(steps[0]!.tool);
    let step: ToolStep | undefined;
    if (scripted) {
      const results = toolResults(api, body);
      logged.step = results.length;
      if (results.length >= lastResults.length) lastResults = results;
      step = steps[results.length];
      options.onStep?.(results.length);
    }
    if (api === 'anthropic') anthropic(res, body, step);
    else if (api === 'responses') responses(res, body, step);
    else gemini(res, body, step, path.includes(':streamGenerateContent'));
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        handle(req, res, Buffer.concat(chunks).toString('utf8'));
      } catch (err) {
        json(res, 500, { error: { message: String(err) } });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    rawBodies,
    results: () => lastResults,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
