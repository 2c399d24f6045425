import { useEffect, useState } from 'react';
import type { ForbiddenPair } from '../../api/types';
import { IonButton } from '../../components/ionic';
import { useSession } from '../../hooks/useSession';
import { allowPair, forbidPair, forbiddenPairs } from '../../api/tournamentCalls';
import { errorText, namedText } from '../../rules/words';
import type { TournamentData } from './TournamentData';
import { forbiddenSpan } from '../../rules/forbidden';

export interface ForbiddenPairsSectionProps {
  data: TournamentData;
  busy: string;
  /** Runs one call, then says it was done (or why not) and reloads (useAction). */
  run(name: string, call: () => Promise<unknown>, done: string): Promise<void>;
}

/**
 * ForbiddenPairsSection is the organiser's list of the players of a Swiss who must not meet
 * (family members, club mates in a team event): the pairing keeps them apart as an absolute
 * criterion (FIDE C.04.3 C1) from the next round paired on. The organiser picks two players to
 * keep apart, and lets a pair meet again from the next round. It reads the list again whenever
 * the tournament's data is loaded again.
 */
export function ForbiddenPairsSection({ data, busy, run }: ForbiddenPairsSectionProps) {
  const { api } = useSession();
  const { tournament: t, players } = data;
  const [pairs, setPairs] = useState<ForbiddenPair[] | null>(null);
  const [a, setA] = useState('');
  const [b, setB] = useState('');
  const swiss = t.format === 'swiss';
  useEffect(() => {
    if (!swiss) return;
    let live = true;
    forbiddenPairs(api, t.id).then(
      (list) => live && setPairs(list),
      () => live && setPairs([]),
    );
    return () => {
      live = false;
    };
  }, [api, t.id, swiss, data]);
  const allPaired = t.rounds !== null && t.current_round >= t.rounds;
  if (!swiss || t.state === 'finished' || allPaired || pairs === null) return null;

  const names = new Map(players.map((p) => [p.member_id, p.full_name]));
  const plain = (call: () => Promise<unknown>) => () => call().catch((err: unknown) => Promise.reject(new Error(namedText(errorText(err), names))));
  const nextRound = t.current_round + 1;
  // Only the pairs that still apply from the next round on may be allowed again.
  const current = pairs.filter((p) => p.to_round === null || p.to_round >= nextRound);
  const first = players.find((p) => String(p.member_id) === a);
  const second = players.find((p) => String(p.member_id) === b);
  const sorted = [...players].sort((x, y) => x.full_name.localeCompare(y.full_name));

  return (
    <section className="forbidden-pairs no-print" aria-labelledby="forbidden-title">
      <h3 id="forbidden-title">Players kept apart</h3>
      <p className="hint">Two players kept apart are never paired against each other from the next round on.</p>
      {current.length === 0 ? (
        <p className="empty-note">No players are kept apart.</p>
      ) : (
        <ul className="pair-list" aria-label="Players kept apart">
          {current.map((p) => (
            <li key={p.members.join('-')} className="pair-row">
              <span>
                {p.names[0]} and {p.names[1]} <small className="muted">{forbiddenSpan(p, nextRound)}</small>
              </span>
              <IonButton
                size="small"
                fill="clear"
                color="danger"
                aria-label={`Let ${p.names[0]} and ${p.names[1]} meet again`}
                disabled={!!busy}
                onClick={() => void run(`allow-${p.members.join('-')}`, plain(() => allowPair(api, t.id, p.members[0], p.members[1])), `${p.names[0]} and ${p.names[1]} may meet again from round ${nextRound}.`)}
              >
                Allow
              </IonButton>
            </li>
          ))}
        </ul>
      )}
      <form
        className="keep-apart"
        onSubmit={(e) => {
          e.preventDefault();
          if (!first || !second || first === second) return;
          void run('forbid', plain(() => forbidPair(api, t.id, first.member_id, second.member_id)), `${first.full_name} and ${second.full_name} are kept apart from round ${nextRound}.`).then(() => {
            setA('');
            setB('');
          });
        }}
      >
        <div className="add-row">
          <label className="sr-only" htmlFor="apart-a">
            First player kept apart
          </label>
          <select id="apart-a" value={a} onChange={(e) => setA(e.target.value)}>
            <option value="">Choose a player…</option>
            {sorted.map((p) => (
              <option key={p.member_id} value={p.member_id}>
                {p.full_name}
              </option>
            ))}
          </select>
          <label className="sr-only" htmlFor="apart-b">
            Second player kept apart
          </label>
          <select id="apart-b" value={b} onChange={(e) => setB(e.target.value)}>
            <option value="">and…</option>
            {sorted
              .filter((p) => String(p.member_id) !== a)
              .map((p) => (
                <option key={p.member_id} value={p.member_id}>
                  {p.full_name}
                </option>
              ))}
          </select>
        </div>
        <IonButton type="submit" disabled={!first || !second || first === second || !!busy}>
          Keep apart
        </IonButton>
      </form>
    </section>
  );
}
