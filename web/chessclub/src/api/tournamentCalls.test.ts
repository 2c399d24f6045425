import { describe, expect, it } from 'vitest';
import type { Api } from './client';
import { allowPair, cancelBye, enterMember, forbidPair, forbiddenPairs, inviteMember, requestBye } from './tournamentCalls';
import { FakeServer, json, newApi } from '../test/fakes';

const noContent = () => new Response(null, { status: 204 });

describe('the calls of a running tournament', () => {
  it.each<[string, (api: Api) => Promise<unknown>, string, () => Response, unknown]>([
    ['asks for a bye', (api) => requestBye(api, 7, 42, 5), 'PUT /api/tournaments/7/players/42/byes/5', noContent, undefined],
    ['takes a bye back', (api) => cancelBye(api, 7, 42, 5), 'DELETE /api/tournaments/7/players/42/byes/5', noContent, undefined],
    ['enters a late entry with half points', (api) => enterMember(api, 7, 42, 'half'), 'POST /api/tournaments/7/players', () => json(201, {}), { member_id: 42, missed_rounds: 'half' }],
    ['invites with nothing for the rounds missed', (api) => inviteMember(api, 7, 42, 'zero'), 'POST /api/tournaments/7/invitations', () => json(201, {}), { member_id: 42, missed_rounds: 'zero' }],
    ['lists the pairs kept apart', (api) => forbiddenPairs(api, 7), 'GET /api/tournaments/7/forbidden-pairs', () => json(200, []), undefined],
    ['keeps two players apart', (api) => forbidPair(api, 7, 3, 9), 'PUT /api/tournaments/7/forbidden-pairs/3/9', () => json(201, {}), undefined],
    ['lets two players meet again', (api) => allowPair(api, 7, 3, 9), 'DELETE /api/tournaments/7/forbidden-pairs/3/9', noContent, undefined],
  ])('%s', async (_, call, route, reply, body) => {
    const server = new FakeServer().on(route, reply);
    await call(newApi(server).api);
    const seen = server.seen[0]!;
    expect(`${seen.method} ${seen.url}`).toBe(route);
    expect(seen.body === undefined ? undefined : JSON.parse(String(seen.body))).toEqual(body);
  });
});
