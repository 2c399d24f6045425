import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { showToast } from '../../components/ionic';
import { TournamentForm } from '../../components/TournamentForm';
import { useSession } from '../../hooks/useSession';
import { markFirstRender } from '../../platform/perf';
import { emptyTournament, tournamentInput } from '../../rules/forms';

/** NewTournamentPage creates a tournament and opens it, where players are entered next. */
export default function NewTournamentPage() {
  const { api } = useSession();
  const navigate = useNavigate();
  useEffect(markFirstRender, []);
  return (
    <TournamentForm
      initial={emptyTournament}
      submitLabel="Create tournament"
      onSubmit={async (v, reset) => {
        const created = await api.createTournament(tournamentInput(v));
        reset();
        void showToast({ message: `Tournament “${created.name}” created.`, duration: 3000, color: 'success' });
        navigate(`/tournaments/${created.id}`);
      }}
    />
  );
}
