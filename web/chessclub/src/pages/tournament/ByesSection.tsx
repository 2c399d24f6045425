import { useState } from 'react';
import type { Member } from '../../api/types';
import { byeAllowance, byeRounds, byesUsed, roundList } from '../../rules/byes';
import { IonButton } from '../../components/ionic';
import { useSession } from '../../hooks/useSession';
import { cancelBye, requestBye } from '../../api/tournamentCalls';
import { errorText, namedText } from '../../rules/words';
import type { TournamentData } from './TournamentData';

export interface ByesSectionProps {
  data: TournamentData;
  me: Member | null;
  /** Whether the caller runs the tournament: they ask and take back byes for any player. */
  organiser: boolean;
  busy: string;
  /** Runs one call, then says it was done (or why not) and reloads (useAction). */
  run(name: string, call: () => Promise<unknown>, done: string): Promise<void>;
}

/**
 * ByesSection lets a player of a Swiss ask for a half-point bye in a round not yet paired, within
 * the tournament's limit, and take it back until the round is paired; the organiser (an arbiter,
 * an admin) does the same for any player. It lists the byes asked for. A refusal names the
 * player, not their member number.
 */
export function ByesSection({ data, me, organiser, busy, run }: ByesSectionProps) {
  const { api } = useSession();
  const { tournament: t, players, rounds } = data;
  const entry = me ? players.find((p) => p.member_id === me.id) : undefined;
  const choosable = organiser ? players.filter((p) => p.withdrawn_after === null) : entry ? [entry] : [];
  const [who, setWho] = useState('');
  const [round, setRound] = useState('');
  if (t.format !== 'swiss' || t.state === 'finished' || t.rounds === null || choosable.length === 0) return null;

  const names = new Map(players.map((p) => [p.member_id, p.full_name]));
  const player = organiser ? players.find((p) => String(p.member_id) === who) ?? (entry && who === '' ? entry : undefined) : entry;
  const open = player ? byeRounds(t, player, rounds) : [];
  const chosenRound = open.some((r) => String(r) === round) ? round : '';
  const limit = t.bye_limit;
  const asked = players.filter((p) => p.requested_byes.length > 0 && (organiser || p.member_id === me?.id));
  const self = player?.member_id === me?.id;
  // The server's refusal, with the player named: "Ana Petrova has asked for 1 half-point bye already…".
  const plain = (call: () => Promise<unknown>) => () => call().catch((err: unknown) => Promise.reject(new Error(namedText(errorText(err), names))));

  return (
    <section className="byes-section no-print" aria-labelledby="byes-title">
      <h3 id="byes-title">Half-point byes</h3>
      <p className="hint">
        A player who cannot come to a round may ask for a half-point bye for it before it is paired: they are not paired and score half a point. {limit === 0 ? 'This tournament gives none.' : `Each player may have ${limit} in this tournament.`}
      </p>
      {asked.length > 0 && (
        <ul className="asked-byes" aria-label="Half-point byes asked for">
          {asked.flatMap((p) =>
            p.requested_byes.map((r) => (
              <li key={`${p.member_id}-${r}`} className="asked-bye">
                <span>
                  {p.member_id === me?.id ? 'You' : p.full_name}: round {r}
                </span>
                <IonButton size="small" fill="clear" aria-label={`Take back the bye of ${p.full_name} in round ${r}`} disabled={!!busy} onClick={() => void run(`unbye-${p.member_id}-${r}`, plain(() => cancelBye(api, t.id, p.member_id, r)), `${p.member_id === me?.id ? 'Your' : `${p.full_name}’s`} half-point bye in round ${r} is taken back.`)}>
                  Take back
                </IonButton>
              </li>
            )),
          )}
        </ul>
      )}
      {limit > 0 && (organiser || (entry && entry.withdrawn_after === null)) && (
        <form
          className="ask-bye"
          onSubmit={(e) => {
            e.preventDefault();
            if (!player || !chosenRound) return;
            const r = Number(chosenRound);
            const whose = self ? 'You have' : `${player.full_name} has`;
            void run('bye', plain(() => requestBye(api, t.id, player.member_id, r)), `${whose} a half-point bye in round ${r}.`).then(() => setRound(''));
          }}
        >
          <div className="add-row">
            {organiser && (
              <>
                <label className="sr-only" htmlFor="bye-player">
                  Player
                </label>
                <select id="bye-player" value={player ? String(player.member_id) : ''} onChange={(e) => setWho(e.target.value)}>
                  <option value="">Choose a player…</option>
                  {choosable.map((p) => (
                    <option key={p.member_id} value={p.member_id}>
                      {p.full_name}
                    </option>
                  ))}
                </select>
              </>
            )}
            <label className="sr-only" htmlFor="bye-round">
              Round of the bye
            </label>
            <select id="bye-round" value={chosenRound} disabled={open.length === 0} onChange={(e) => setRound(e.target.value)}>
              <option value="">Round…</option>
              {open.map((r) => (
                <option key={r} value={r}>
                  Round {r}
                </option>
              ))}
            </select>
            <IonButton type="submit" disabled={!player || !chosenRound || !!busy}>
              Ask for a bye
            </IonButton>
          </div>
          {player && (
            <p className="hint" aria-live="polite">
              {self ? 'You: ' : `${player.full_name}: `}
              {byeAllowance(limit, byesUsed(player, rounds))}
              {player.requested_byes.length > 0 ? ` Asked for ${roundList(player.requested_byes)}.` : ''}
            </p>
          )}
        </form>
      )}
    </section>
  );
}
