// Helpers for the unit tests: an in-memory token store and a scripted fetch.
import { Api, type KeyValueStore } from '../api/client';
import { member } from './fixtures';

export class MemoryStore implements KeyValueStore {
  readonly values = new Map<string, string>();
  async get(key: string) {
    return this.values.get(key) ?? null;
  }
  async set(key: string, value: string) {
    this.values.set(key, value);
  }
  async remove(key: string) {
    this.values.delete(key);
  }
}

/** A request as the fake server saw it. */
export interface Seen {
  method: string;
  url: string;
  headers: Headers;
  body: BodyInit | null | undefined;
}

type Reply = Response | ((req: Seen) => Response | Promise<Response>);

/** FakeServer answers requests by "METHOD /path" from a table and records what it saw. */
export class FakeServer {
  readonly seen: Seen[] = [];
  private readonly routes = new Map<string, Reply[]>();

  on(route: string, ...replies: Reply[]): this {
    this.routes.set(route, replies);
    return this;
  }

  readonly fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = String(input);
    const req: Seen = { method: init.method ?? 'GET', url, headers: new Headers(init.headers), body: init.body };
    this.seen.push(req);
    const path = new URL(url, 'http://test').pathname;
    const replies = this.routes.get(`${req.method} ${path}`);
    if (!replies || replies.length === 0) {
      return problem(404, 'Not found', `no fake route for ${req.method} ${path}`);
    }
    const reply = replies.length > 1 ? replies.shift()! : replies[0]!;
    return typeof reply === 'function' ? reply(req) : reply.clone();
  };
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

export function problem(status: number, title: string, detail: string, errors?: Record<string, string>): Response {
  const body = { type: `urn:problem-type:${status}`, title, status, detail, ...(errors ? { errors } : {}) };
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/problem+json' } });
}

export function newApi(server: FakeServer, store = new MemoryStore(), baseUrl = '/api'): { api: Api; store: MemoryStore } {
  return { api: new Api({ baseUrl, store, fetch: server.fetch }), store };
}

/** alice is a plain member, logged in as the tests' "me" unless they say otherwise. */
export const alice = member({ id: 1, username: 'alice', full_name: 'Alice Liddell', rating: 1200 });
