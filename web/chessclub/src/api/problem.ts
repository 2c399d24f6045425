// Errors from the API: an RFC 9457 problem+json answer decoded into an ApiError that a screen can
// show, with the wait a throttled or unavailable answer asks for.
import { formatWait } from '../rules/dates';
import type { components } from './schema';

/** An RFC 9457 problem document, as the API's document describes it. */
export type Problem = components['schemas']['Problem'];

/** Field name to message, from a problem's `errors` member. */
export type FieldErrors = NonNullable<Problem['errors']>;

/** ApiError is thrown for every failed request; status 0 means the server was not reached. */
export class ApiError extends Error {
  readonly status: number;
  readonly problem: Problem;
  /** Seconds to wait before trying again, from a throttled (429) or unavailable (503) answer's Retry-After. */
  readonly retryAfter: number | undefined;

  constructor(problem: Problem, retryAfter?: number) {
    super(retryAfter === undefined ? problem.detail || problem.title : waitMessage(problem, retryAfter));
    this.name = 'ApiError';
    this.status = problem.status;
    this.problem = problem;
    this.retryAfter = retryAfter;
  }

  /** The per-field messages of a validation or conflict problem (empty when there are none). */
  get fields(): FieldErrors {
    return this.problem.errors ?? {};
  }
}

/**
 * waitMessage words a refusal that says how long to wait: the server's reason, up to its first
 * semicolon (the rest only says to wait), then when to try again in the person's words:
 * "Too many failed logins from this address. Try again in 1 minute."
 */
function waitMessage(problem: Problem, seconds: number): string {
  const reason = (problem.detail || problem.title).split(';')[0]!.trim().replace(/[.!]$/, '');
  return `${reason}. Try again ${formatWait(seconds)}.`;
}

/**
 * parseRetryAfter reads a Retry-After header, delay-seconds or an HTTP date (RFC 9110 10.2.3),
 * as seconds from now; undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  if (!/ GMT$/.test(text)) return undefined; // an HTTP date is always in GMT
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - now) / 1000));
}


/** Reads a failed response as a problem, inventing one from the status when the body is not. */
export async function decodeProblem(res: Response): Promise<Problem> {
  const fallback: Problem = {
    type: 'about:blank',
    title: res.statusText || `HTTP ${res.status}`,
    status: res.status,
  };
  let text = '';
  try {
    text = await res.text();
  } catch {
    return fallback;
  }
  const type = res.headers.get('Content-Type') ?? '';
  if (!/json/i.test(type) || !text) {
    return text && text.length < 300 ? { ...fallback, detail: text.trim() } : fallback;
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return fallback;
  }
  if (typeof body !== 'object' || body === null) {
    return fallback;
  }
  const doc = body as Record<string, unknown>;
  const problem: Problem = {
    type: typeof doc.type === 'string' ? doc.type : fallback.type,
    title: typeof doc.title === 'string' ? doc.title : fallback.title,
    status: typeof doc.status === 'number' ? doc.status : res.status,
  };
  if (typeof doc.detail === 'string') {
    problem.detail = doc.detail;
  }
  const errors = fieldErrors(doc.errors);
  if (errors) {
    problem.errors = errors;
  }
  return problem;
}

// fieldErrors accepts {"field": "message"} and {"field": ["message", ...]}.
function fieldErrors(value: unknown): FieldErrors | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return undefined;
  }
  const out: FieldErrors = {};
  for (const [field, message] of Object.entries(value)) {
    if (typeof message === 'string') {
      out[field] = message;
    } else if (Array.isArray(message) && typeof message[0] === 'string') {
      out[field] = message.join(' ');
    }
  }
  return Object.keys(out).length > 0 ? out : undefined;
}
