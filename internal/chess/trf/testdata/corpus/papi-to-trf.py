#!/usr/bin/env python3
"""Writes one Papi tournament (the FFE's pairing program; an Access database) as TRF-16.

usage: papi2trf.py TOURNAMENT.papi "EVENT NAME" OUT.trf   (needs mdb-export, Debian's mdbtools)

This is how the papi files of this folder were made (SOURCES.md). It reads the tables INFO
and JOUEUR with mdb-export and maps them as Sharly Chess reads Papi files
(src/plugins/ffe/papi_mappers.py PapiColor, PapiResult, PapiRound.to_result): colour B
(blanc) w, N (noir) b; results 1 loss, 2 draw, 3 win, 4 forfeit loss, 5 double forfeit,
6 forfeit win; against player 1 (EXEMPT) the pairing-allocated bye; colour F without opponent
a bye (0 points Z, 2 H, 6 F); colour R (relâche) not paired. The player 1, EXEMPT, is Papi's
stand-in for the bye and no player.

Papi keeps no pairing numbers in these files (Nr is empty): they are made here as Papi makes
them, by rating (the Elo column) from the highest, then name; and checked against round 1:
with no acceleration (Pairing Standard), the Dutch system pairs the k-th player of the top
half with the k-th of the bottom half, colours alternating from board 1. A file whose round 1
is not that pairing is not written. As for sharly-sce-to-trf.py: no birth dates, rank by
points then pairing number, every game checked from both sides.
"""
import csv
import io
import subprocess
import sys

TRF = {1: '0', 2: '=', 3: '1', 4: '-', 5: '-', 6: '+'}
POINTS = {0: 0, 1: 0, 2: 0.5, 3: 1, 4: 0, 5: 0, 6: 1}
OPPOSITE = {1: 3, 3: 1, 2: 2, 4: 6, 6: 4, 5: 5}


def table(path, name):
    out = subprocess.run(['mdb-export', path, name], capture_output=True, text=True, check=True).stdout
    return list(csv.DictReader(io.StringIO(out)))


def day(d):
    dd, mm, yyyy = d.split('/')
    return f'{yyyy}/{mm}/{dd}'


def main(path, event, out):
    info = {r['Variable']: r['Value'] for r in table(path, 'INFO')}
    assert info['Genre'] == 'Suisse' and info['Pairing'] == 'Standard', 'only unaccelerated Swiss'
    rounds = int(info['NbrRondes'])
    played = int(info['RondeActive'])
    players = [p for p in table(path, 'JOUEUR') if p['Ref'] != '1']
    assert not any(p['Nr'] for p in players), 'Papi kept pairing numbers: use them'
    players.sort(key=lambda p: (-int(p['Elo'] or 0), p['Nom'], p['Prenom']))
    pn = {p['Ref']: i + 1 for i, p in enumerate(players)}
    ref = {p['Ref']: p for p in players}

    def rd(p, r):
        return p[f'Rd{r:02d}Cl'], p[f'Rd{r:02d}Adv'], int(p[f'Rd{r:02d}Res'] or 0)

    # Round 1 as the Dutch system pairs it: S1[k] - S2[k], colours alternating.
    present = [p for p in players if rd(p, 1)[0] in 'BN']
    n = len(present) - len(present) % 2
    half = n // 2
    first = rd(present[0], 1)[0]
    for k in range(half):
        top, bottom = present[k], present[half + k]
        cl, adv, _ = rd(top, 1)
        assert adv == bottom['Ref'], f'round 1: {pn[top["Ref"]]} plays {pn.get(adv, adv)}, not {pn[bottom["Ref"]]}'
        want = first if k % 2 == 0 else ('N' if first == 'B' else 'B')
        assert cl == want, f'round 1: colours do not alternate at board {k + 1}'
    if len(present) % 2:
        assert rd(present[-1], 1)[1] == '1', 'round 1: the bye is not the last player'
    # Every game from both sides.
    games = 0
    for p in players:
        for r in range(1, played + 1):
            cl, adv, res = rd(p, r)
            if cl in 'BN' and adv not in ('', '1'):
                o = ref[adv]
                ocl, oadv, ores = rd(o, r)
                assert oadv == p['Ref'] and {cl, ocl} == {'B', 'N'} and OPPOSITE[res] == ores, \
                    f'round {r}: {pn[p["Ref"]]} against {pn[adv]}'
                games += 1
    recs = []
    for p in players:
        blocks, pts = [], 0.0
        for r in range(1, played + 1):
            cl, adv, res = rd(p, r)
            pts += POINTS[res]
            if cl in 'BN' and adv == '1':
                assert res == 6
                blocks.append('  0000 - U')
            elif cl in 'BN':
                assert res in TRF, (p['Ref'], r, res)
                blocks.append(f"  {pn[adv]:4d} {'w' if cl == 'B' else 'b'} {TRF[res]}")
            elif cl == 'F':
                blocks.append('  0000 - ' + {0: 'Z', 2: 'H', 6: 'F'}[res])
            else:
                assert cl == 'R' and res == 0
                blocks.append('          ')
        while blocks and not blocks[-1].strip():
            blocks.pop()
        recs.append((p, pts, blocks))
    order = sorted(recs, key=lambda x: (-x[1], pn[x[0]['Ref']]))
    rank = {x[0]['Ref']: i + 1 for i, x in enumerate(order)}
    lines = [f"012 {event} - {info['Nom']}"]
    if info.get('Lieu'):
        lines.append(f"022 {info['Lieu']}")
    lines += ['032 FRA', f"042 {day(info['DateDebut'])}", f"052 {day(info['DateFin'])}",
              f'062 {len(players)}', f"072 {sum(1 for p in players if p['Fide'] == 'F' and p['Elo'])}",
              '092 Individual: Swiss-System']
    if info.get('Cadence'):
        lines.append(f"122 {info['Cadence']}")
    lines.append(f'XXR {rounds}')
    for p, pts, blocks in recs:
        rating = int(p['Elo']) if p['Fide'] == 'F' and p['Elo'] else 0
        sex = {'M': 'm', 'F': 'w'}.get(p['Sexe'], ' ')
        name = (p['Nom'] + (f", {p['Prenom']}" if p['Prenom'] else ''))[:32]
        lines.append(f"001 {pn[p['Ref']]:4d} {sex}{p['FideTitre'].strip():>3} {name:<33} "
                     f"{(f'{rating:4d}' if rating else '    ')} {p['Federation']:3} {p['FideCode']:>11} {'':10} "
                     f"{pts:4.1f} {rank[p['Ref']]:4d}" + ''.join(blocks))
    lines.sort(key=lambda l: (l.startswith('001'), int(l[4:8]) if l.startswith('001') else 0))
    with open(out, 'w', encoding='utf-8', newline='') as f:
        f.write('\n'.join(lines) + '\n')
    print(f'{out}: {len(players)} players, {played} rounds, {games // 2} games checked from both sides, '
          f'round 1 as the Dutch system pairs it', file=sys.stderr)


if __name__ == '__main__':
    main(sys.argv[1], sys.argv[2], sys.argv[3])
