import { useEffect, useState } from 'react';
import { checkmarkOutline, flagOutline } from 'ionicons/icons';
import type { PairingCheck, Round } from '../../api/types';
import { IonIcon } from '../../components/ionic';
import { verdictText, type VerdictText } from '../../rules/checker';
import { useSession } from '../../hooks/useSession';
import { errorText } from '../../rules/words';

/**
 * RoundCheck shows the pairing checker's verdict on a paired round of a Swiss (GET
 * …/rounds/{n}/check): that it is the Dutch system's pairing, or which boards differ and on
 * which criteria the round is worse, in words. A round paired by the club checks clean; one
 * paired or changed by hand shows what the arbiter changed. It loads again whenever revision
 * (the tournament's data) changes.
 */
export function RoundCheck({ tournamentId, round, revision }: { tournamentId: number; round: Round; revision: unknown }) {
  const { api } = useSession();
  const [state, setState] = useState<{ key: string; verdict?: VerdictText; error?: string } | null>(null);
  const key = `${tournamentId}/${round.number}`;
  useEffect(() => {
    let live = true;
    const boardOf = (white: number) => round.boards.find((b) => b.white.member_id === white)?.board;
    api.request<PairingCheck>('GET', `/tournaments/${tournamentId}/rounds/${round.number}/check`).then(
      (check) => live && setState({ key, verdict: verdictText(check, boardOf) }),
      (err: unknown) => live && setState({ key, error: errorText(err) }),
    );
    return () => {
      live = false;
    };
  }, [api, tournamentId, round, key, revision]);

  if (!state || state.key !== key) {
    return (
      <p className="round-check muted" role="status">
        Checking the pairing…
      </p>
    );
  }
  if (state.error !== undefined) {
    return (
      <p className="round-check muted" role="status">
        The pairing could not be checked: {state.error}
      </p>
    );
  }
  return <Verdict verdict={state.verdict!} label={`Pairing check of round ${round.number}`} />;
}

/** Verdict writes what the checker found: the summary, then what differs and why it matters. */
export function Verdict({ verdict: v, label }: { verdict: VerdictText; label: string }) {
  return (
    <section className={v.clean ? 'round-check clean' : v.breaks ? 'round-check broken' : 'round-check worse'} aria-label={label}>
      <p className="verdict-summary">
        <IonIcon icon={v.clean ? checkmarkOutline : flagOutline} aria-hidden="true" /> {v.summary}
      </p>
      {v.reasons.length > 0 && (
        <>
          <p className="verdict-heading">{v.breaks ? 'Rules it breaks:' : 'Where it is worse:'}</p>
          <ul className="verdict-reasons">
            {v.reasons.map((r) => (
              <li key={r}>{r.charAt(0).toUpperCase() + r.slice(1)}</li>
            ))}
          </ul>
        </>
      )}
      {v.engine.length + v.paired.length > 0 && (
        <div className="verdict-games">
          {v.paired.length > 0 && (
            <div>
              <p className="verdict-heading">This pairing:</p>
              <ul>
                {v.paired.map((g) => (
                  <li key={g}>{g}</li>
                ))}
              </ul>
            </div>
          )}
          {v.engine.length > 0 && (
            <div>
              <p className="verdict-heading">The Dutch system’s instead:</p>
              <ul>
                {v.engine.map((g) => (
                  <li key={g}>{g}</li>
                ))}
              </ul>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
