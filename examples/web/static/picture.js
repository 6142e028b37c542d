'use strict';
// Pictures of games, drawn as SVG from the answers of the WebAssembly
// module, and played by pointing (mouse, touch, or Tab and Enter/Space).
// Colours come with shapes and labels: the player's pieces are solid and
// marked "you", the bot's hatched and marked "bot", a hinted move has a
// dashed outline and a star.

const SVGNS = 'http://www.w3.org/2000/svg';
const DEFS = '<defs><pattern id="hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="6" height="6" class="bothatch-bg"/><line x1="0" y1="0" x2="0" y2="6" class="bothatch"/></pattern>' +
  '<marker id="arr" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" class="arrowhead"/></marker></defs>';

function svgOpen(w, h, label) {
  return `<svg xmlns="${SVGNS}" viewBox="0 0 ${w} ${h}" class="pic" style="max-width:${w}px" role="group" aria-label="${esc(label)}">` + DEFS;
}

// pickAttrs makes an element a focusable button of the picture; xy, when
// given, is its centre, for the arrow keys of a grid (see bindPicks).
function pickAttrs(e, label, extra, xy) {
  return `class="pick ${extra || ''}" tabindex="0" role="button" data-e="${e}" aria-label="${esc(label)}"` + (xy ? ` data-x="${xy[0]}" data-y="${xy[1]}"` : '');
}

// ----- heaps: rows of tokens, or of pins when moves may split a row -----

// heapMode is 'pins' when some move splits a heap, else 'tokens'.
function heapMode(r) { return r.splits ? 'pins' : 'tokens'; }

// partsOf returns the heaps a move leaves, empty ones dropped.
function partsOf(m) { return (m.parts || []).filter((x) => x > 0); }

// removedRange returns [lo, hi] the tokens a heap move removes, reading its
// parts as what is left on either side; null when it removes none.
function removedRange(m) {
  const p = partsOf(m);
  const left = p.length ? p[0] : 0, right = p.length > 1 ? p.slice(1).reduce((a, b) => a + b, 0) : 0;
  const k = m.from - left - right;
  if (k <= 0 || p.length > 2) return null;
  return [left, left + k - 1];
}

const PER_LINE = 30;

// MAX_TOKENS is the most tokens drawn one by one; larger positions are
// drawn as bars, and played from the list of moves.
const MAX_TOKENS = 400;

function drawBars(r, o) {
  const top = Math.max(...r.position), w = 360, h = 16 + r.position.length * 26;
  let s = svgOpen(w, h + 10, `${r.position.length} heaps: ${r.position.join(', ')}`);
  r.position.forEach((x, i) => {
    const y = 10 + i * 26, len = (w - 160) * x / top;
    s += `<text class="rowlabel" x="4" y="${y + 14}">heap ${i + 1}</text><rect class="bar" x="60" y="${y}" width="${len}" height="18"/><text class="partval" x="${66 + len}" y="${y + 14}">${x}${o.values ? ` (G = ${o.values[i]})` : ''}</text>`;
  });
  return s + '</svg>';
}

function drawHeaps(r, o) {
  if (r.position.reduce((a, b) => a + b, 0) > MAX_TOKENS) return drawBars(r, o);
  const mode = heapMode(r);
  const heaps = r.position, d = 24, lineH = mode === 'pins' ? 44 : 30;
  const widest = Math.min(PER_LINE, Math.max(1, ...heaps));
  const w = 70 + widest * d + 90;
  const lines = heaps.map((h) => Math.max(1, Math.ceil(h / PER_LINE)));
  const hgt = 16 + lines.reduce((a, b) => a + b, 0) * lineH + heaps.length * 10 + 30;
  let s = svgOpen(w, hgt, `${heaps.length} heaps: ${heaps.join(', ')}`);
  const hint = o.hint, sel = o.sel;
  const hintRange = hint && hint.heap !== undefined ? removedRange(hint) : null;
  let y = 16;
  heaps.forEach((h, i) => {
    s += `<text class="rowlabel" x="4" y="${y + 14}">heap ${i + 1}</text>`;
    if (o.values) s += `<text class="partval" x="${w - 4}" y="${y + 14}" text-anchor="end">G(${h}) = ${o.values[i]}</text>`;
    if (!h) s += `<text class="empty" x="70" y="${y + 14}">empty</text>`;
    for (let j = 0; j < h; j++) {
      const x = 70 + (j % PER_LINE) * d + d / 2, yy = y + Math.floor(j / PER_LINE) * lineH + (mode === 'pins' ? 18 : 11);
      const legal = o.play && heapLegal(r.moves, i, j, mode, sel);
      const hinted = hintRange && hint.heap === i && j >= hintRange[0] && j <= hintRange[1];
      const chosen = sel && sel.heap === i && j === sel.j;
      const cls = `${mode === 'pins' ? 'pin' : 'token'}${hinted ? ' hinted' : ''}${chosen ? ' chosen' : ''}${legal || !o.play ? '' : ' still'}`;
      const label = mode === 'pins' ? `heap ${i + 1}, pin ${j + 1} of ${h}` : `heap ${i + 1}: take from token ${j + 1}, leaving ${j}`;
      const shape = mode === 'pins'
        ? `<rect x="${x - 6}" y="${yy - 15}" width="12" height="30" rx="6"/><circle cx="${x}" cy="${yy - 9}" r="3" class="pinhead"/>`
        : `<circle cx="${x}" cy="${yy}" r="9"/>`;
      s += legal ? `<g ${pickAttrs(i + ':' + j, label, cls)}>${shape}</g>` : `<g class="${cls}">${shape}</g>`;
      if (hinted) s += `<text class="star" x="${x}" y="${yy - (mode === 'pins' ? 18 : 12)}" text-anchor="middle">★</text>`;
    }
    y += lines[i] * lineH + 10;
  });
  if (o.values) s += `<text class="partval" x="${w - 4}" y="${y + 14}" text-anchor="end">XOR = ${o.values.reduce((a, b) => a ^ b, 0)}</text>`;
  return s + '</svg>';
}

// heapLegal says whether pointing at token j of heap i can play or start a move.
function heapLegal(moves, i, j, mode, sel) {
  const mine = moves.filter((m) => m.heap === i);
  if (mode === 'tokens') return mine.some((m) => partsOf(m).length === (j ? 1 : 0) && (!j || partsOf(m)[0] === j));
  if (sel && sel.heap === i) return !!heapPinMove(moves, i, sel.j, j);
  return mine.some((m) => { const rg = removedRange(m); return rg && (pinMatches(m, j, j) || rg[1] - rg[0] >= 1); });
}

function pinMatches(m, lo, hi) {
  const left = lo, right = m.from - hi - 1, want = [left, right].filter((x) => x > 0).sort((a, b) => a - b);
  const got = partsOf(m).sort((a, b) => a - b);
  return m.from - left - right === hi - lo + 1 && want.length === got.length && want.every((x, k) => x === got[k]);
}

function heapPinMove(moves, i, a, b) {
  const lo = Math.min(a, b), hi = Math.max(a, b);
  return moves.find((m) => m.heap === i && pinMatches(m, lo, hi));
}

// ----- boards: Cram and Chomp -----

function drawGrid(pic, o) {
  const c = 44, w = pic.cols * c + 8, h = pic.rows * c + 8;
  let s = svgOpen(w, h, `${pic.kind === 'chomp' ? 'chocolate bar' : 'board'} of ${pic.rows} rows and ${pic.cols} columns`);
  const hint = o.hint, sel = o.sel;
  const owner = o.owner || {};
  for (let e = 0; e < pic.rows * pic.cols; e++) {
    const r = Math.floor(e / pic.cols), col = e % pic.cols, x = 4 + col * c, y = 4 + r * c;
    const alive = pic.alive[e];
    const name = `row ${r + 1}, column ${col + 1}`;
    let cls = alive ? (pic.kind === 'chomp' ? 'square' : 'cell') : (owner[e] ? 'covered ' + owner[e] : (pic.kind === 'chomp' ? 'eaten' : 'blocked'));
    const hinted = hint && hint.pick.includes(e);
    const gone = hint && pic.kind === 'chomp' && hint.gone.includes(e);
    if (hinted) cls += ' hinted'; else if (gone) cls += ' hintgone';
    if (sel === e) cls += ' chosen';
    const legal = o.play && alive && pic.moves.some((m) => m.pick.includes(e) && (sel === undefined || sel === null || (sel !== e && m.pick.includes(sel))));
    const poison = pic.kind === 'chomp' && e === 0;
    const label = pic.kind === 'chomp' ? (poison ? 'the poisoned square' : `bite at ${name}`) : `${name}, free`;
    const rect = `<rect x="${x + 1}" y="${y + 1}" width="${c - 2}" height="${c - 2}" rx="${pic.kind === 'chomp' ? 3 : 2}"/>`;
    s += legal ? `<g ${pickAttrs(e, label, cls)}>${rect}</g>` : `<g class="${cls}"${alive && !poison ? '' : ` aria-label="${esc(alive ? label : name + ', ' + (owner[e] ? 'taken by ' + (owner[e] === 'bot' ? 'the bot' : 'you') : 'gone'))}"`}>${rect}</g>`;
    if (poison && alive) s += `<text class="poison" x="${x + c / 2}" y="${y + c / 2 + 6}" text-anchor="middle" aria-hidden="true">☠</text>`;
    if (!alive && owner[e]) s += `<text class="who" x="${x + c / 2}" y="${y + c / 2 + 4}" text-anchor="middle">${owner[e] === 'bot' ? 'bot' : 'you'}</text>`;
    if (hinted) s += `<text class="star" x="${x + c / 2}" y="${y + c / 2 + 5}" text-anchor="middle">★</text>`;
  }
  if (o.parts && (pic.parts || []).length > 1) for (const part of pic.parts) { // each part's value, on its first cell
    const e = part.elems[0], x = 4 + (e % pic.cols) * c, y = 4 + Math.floor(e / pic.cols) * c;
    s += `<text class="partlabel" x="${x + 4}" y="${y + 13}">*${part.value}</text>`;
  }
  return s + '</svg>';
}

// ----- graphs: Node Kayles, Hackenbush, loopy digraphs -----

function place(pic, w, h, pad) {
  return pic.nodes.map((n) => [pad + n.x * (w - 2 * pad), pad + n.y * (h - 2 * pad)]);
}

function drawGraph(pic, o) {
  const n = pic.nodes.length, grid = pic.rows > 0;
  const w = grid ? Math.max(160, pic.cols * 70) : Math.min(520, 120 + n * 30), h = grid ? Math.max(90, pic.rows * 70 * pic.cols / pic.cols) : w;
  const xy = place(pic, w, grid ? pic.rows * 70 * Math.max(pic.rows, pic.cols) / pic.rows : h, 24);
  const H = grid ? pic.rows * 70 : h;
  let s = svgOpen(w, H, `graph of ${n} vertices`);
  for (const [a, b] of pic.edges) {
    const live = pic.alive[a] && pic.alive[b];
    s += `<line class="gedge${live ? '' : ' dead'}" x1="${xy[a][0]}" y1="${xy[a][1]}" x2="${xy[b][0]}" y2="${xy[b][1]}"/>`;
  }
  const hint = o.hint, owner = o.owner || {};
  pic.nodes.forEach((nd, v) => {
    const [x, y] = xy[v];
    const alive = pic.alive[v];
    let cls = alive ? 'vertex' : 'vertex gone ' + (owner[v] || '');
    if (hint && hint.pick.includes(v)) cls += ' hinted'; else if (hint && hint.gone.includes(v)) cls += ' hintgone';
    const legal = o.play && alive;
    const label = `vertex ${nd.name}`;
    const shape = `<circle cx="${x}" cy="${y}" r="15"/><text x="${x}" y="${y + 4}" text-anchor="middle">${esc(nd.name)}</text>`;
    s += legal ? `<g ${pickAttrs(v, 'take ' + label, cls)}>${shape}</g>` : `<g class="${cls}" aria-label="${label}, ${alive ? 'there' : 'gone'}">${shape}</g>`;
    if (!alive && owner[v]) s += `<text class="who" x="${x}" y="${y + 28}" text-anchor="middle">${owner[v] === 'bot' ? 'bot' : 'you'}</text>`;
  });
  if (o.parts && (pic.parts || []).length > 1) for (const part of pic.parts) { // each part's value, beside its first vertex
    const [x, y] = xy[part.elems[0]];
    s += `<text class="partlabel" x="${x + 16}" y="${y - 12}">*${part.value}</text>`;
  }
  return s + '</svg>';
}

function drawHackenbush(pic, o) {
  const w = 420, h = 300, pad = 30;
  const xy = place(pic, w, h, pad);
  const ground = h - pad + 10;
  let s = svgOpen(w, h + 20, `Hackenbush picture of ${pic.edges.length} edges`);
  s += `<rect class="ground" x="0" y="${ground}" width="${w}" height="16"/><text class="groundlabel" x="6" y="${ground + 12}">ground</text>`;
  const hint = o.hint, owner = o.owner || {};
  const end = (v, other) => (v === 0 ? [xy[other][0], ground] : xy[v]);
  pic.edges.forEach(([a, b], e) => {
    const p = end(a, b), q = end(b, a);
    const alive = pic.alive[e];
    let cls = alive ? 'hedge' : 'hedge fallen ' + (owner[e] || '');
    if (hint && hint.pick.includes(e)) cls += ' hinted'; else if (hint && hint.gone.includes(e)) cls += ' hintgone';
    const d = a === b ? `M${p[0]},${p[1]} c-30,-40 30,-40 0,0` : `M${p[0]},${p[1]} L${q[0]},${q[1]}`;
    const label = `edge ${pic.nodes[a].name}-${pic.nodes[b].name}`;
    const shape = `<path class="hit" d="${d}"/><path class="line" d="${d}"/>`;
    s += o.play && alive && pic.moves.some((m) => m.pick[0] === e) ? `<g ${pickAttrs(e, 'cut ' + label, cls)}>${shape}</g>` : `<g class="${cls}">${shape}</g>`;
    if (hint && hint.pick.includes(e)) s += `<text class="star" x="${(p[0] + q[0]) / 2 + 8}" y="${(p[1] + q[1]) / 2}">★ cut</text>`;
  });
  pic.nodes.forEach((nd, v) => { if (v) s += `<circle class="hnode" cx="${xy[v][0]}" cy="${xy[v][1]}" r="4"/>`; });
  return s + '</svg>';
}

function drawDigraph(pic, r, o) {
  const n = pic.nodes.length, w = Math.min(560, 220 + n * 24), h = w;
  const xy = place(pic, w, h, 26);
  let s = svgOpen(w, h, `digraph of ${n} positions, tokens on ${r.position.join(', ')}`);
  for (const [a, b] of pic.edges) {
    if (a === b) continue;
    const [x1, y1] = xy[a], [x2, y2] = xy[b];
    const dx = x2 - x1, dy = y2 - y1, l = Math.hypot(dx, dy) || 1;
    s += `<line class="arc" x1="${x1 + dx / l * 14}" y1="${y1 + dy / l * 14}" x2="${x2 - dx / l * 15}" y2="${y2 - dy / l * 15}" marker-end="url(#arr)"/>`;
  }
  const hint = o.hint;
  pic.nodes.forEach((nd, v) => {
    const [x, y] = xy[v];
    const tokens = r.position.map((p, i) => (p === v ? i + 1 : 0)).filter((t) => t);
    const dest = o.play && pic.moves.some((m) => m.pick[2] === v);
    let cls = 'dvertex' + (tokens.length ? ' hastoken' : '') + (hint && hint.pick[2] === v ? ' hinted' : '') + (o.last && o.last.pick[2] === v ? ' botlast' : '');
    const shape = `<circle cx="${x}" cy="${y}" r="13"/><text x="${x}" y="${y + 4}" text-anchor="middle">${esc(nd.name)}</text>`;
    const label = `position ${nd.name}${tokens.length ? ', token ' + tokens.join(' and ') + ' here' : ''}`;
    s += dest ? `<g ${pickAttrs(v, 'move a token to ' + label, cls)}>${shape}</g>` : `<g class="${cls}" aria-label="${label}">${shape}</g>`;
    if (tokens.length) s += `<text class="tokenmark" x="${x + 12}" y="${y - 12}">● ${tokens.join(',')}</text>`;
  });
  return s + '</svg>';
}

// ----- coins -----

// drawCoin draws coin i of a row or a board, of radius rad at (x, y): a
// button to choose when some move turns it (on a grid, with its centre for
// the arrow keys), outlined when hinted, chosen or last turned by the bot.
function drawCoin(pic, o, i, x, y, rad, grid) {
  const head = pic.alive[i], sel = o.sel || [], hint = o.hint;
  const [name, val] = pic.marks[i].split(':');
  let cls = 'coin ' + (head ? 'head' : 'tail');
  if (hint && hint.pick.includes(i)) cls += ' hinted';
  if (sel.includes(i)) cls += ' chosen';
  if (o.last && o.last.pick.includes(i)) cls += ' botlast';
  const label = `coin ${name}, ${head ? 'heads' : 'tails'}, value ${val}`;
  const shape = `<circle cx="${x}" cy="${y}" r="${rad}"/><text x="${x}" y="${y + 5}" text-anchor="middle">${head ? 'H' : 'T'}</text>`;
  const legal = o.play && pic.moves.some((m) => m.pick.includes(i));
  return legal ? `<g ${pickAttrs(i, (sel.includes(i) ? 'unselect ' : 'select ') + label, cls, grid ? [x, y] : null)} aria-pressed="${sel.includes(i)}">${shape}</g>` : `<g class="${cls}" aria-label="${label}">${shape}</g>`;
}

function drawCoins(pic, o) {
  const n = pic.alive.length, d = 46, w = Math.max(200, n * d + 10), h = 90;
  let s = svgOpen(w, h, `row of ${n} coins, ${pic.alive.filter((x) => x).length} heads`);
  const hint = o.hint;
  pic.alive.forEach((head, i) => {
    const x = 5 + i * d + d / 2, y = 34;
    const [num, val] = pic.marks[i].split(':');
    s += drawCoin(pic, o, i, x, y, 19, false);
    s += `<text class="coinnum" x="${x}" y="${y + 34}" text-anchor="middle">#${num}${head ? ' =' + val : ''}</text>`;
    if (hint && hint.pick.includes(i)) s += `<text class="star" x="${x + 16}" y="${y - 16}">★</text>`;
  });
  return s + '</svg>';
}

// ----- a board of coins (coins2) -----

// sup writes the powers of a misère quotient's element as superscripts.
function sup(w) { return String(w).replace(/\^(\d+)/g, (_, d) => [...d].map((c) => '⁰¹²³⁴⁵⁶⁷⁸⁹'[+c]).join('')); }

function drawCoinGrid(pic, o) {
  const d = 50, left = 34, top = 24, w = left + pic.cols * d + 6, h = top + pic.rows * d + 6;
  let s = svgOpen(w, h, `board of ${pic.rows} by ${pic.cols} coins, ${pic.alive.filter((x) => x).length} heads`);
  const hint = o.hint;
  for (let c = 0; c < pic.cols; c++) s += `<text class="coinnum" x="${left + c * d + d / 2}" y="14" text-anchor="middle">y ${pic.marks[c].split(/[.:]/)[1]}</text>`;
  for (let r = 0; r < pic.rows; r++) s += `<text class="coinnum" x="2" y="${top + r * d + d / 2 + 4}">x ${pic.marks[r * pic.cols].split('.')[0]}</text>`;
  pic.alive.forEach((head, i) => {
    const x = left + (i % pic.cols) * d + d / 2, y = top + Math.floor(i / pic.cols) * d + d / 2 - 4;
    const val = pic.marks[i].split(':')[1];
    s += drawCoin(pic, o, i, x, y, 16, true);
    if (head) s += `<text class="coinnum" x="${x}" y="${y + 27}" text-anchor="middle">=${val}</text>`;
    if (hint && hint.pick.includes(i)) s += `<text class="star" x="${x + 12}" y="${y - 12}">★</text>`;
  });
  return s + '</svg>';
}

// ----- Notakto: boards of X's -----

const NOTAKTO_LINES = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];

// notaktoLines returns the lines of three X's of board b.
function notaktoLines(pic, b) { return NOTAKTO_LINES.filter((l) => l.every((c) => !pic.alive[9 * b + c])); }

function drawNotakto(pic, o) {
  const k = pic.alive.length / 9, per = Math.min(k, 3), c = 36, bw = 3 * c, gap = 22, top = 20, bh = 3 * c + 44;
  const w = per * bw + (per + 1) * gap, h = Math.ceil(k / per) * bh + 6;
  let s = svgOpen(w, h, `${k} Notakto board${k > 1 ? 's' : ''}`);
  const hint = o.hint, owner = o.owner || {};
  for (let b = 0; b < k; b++) {
    const bx = gap + (b % per) * (bw + gap), by = top + Math.floor(b / per) * bh;
    const lines = notaktoLines(pic, b), dead = lines.length > 0;
    s += `<text class="rowlabel" x="${bx}" y="${by - 6}">board ${b + 1}${dead ? ' — dead' : ''}</text>`;
    s += `<rect class="nboard${dead ? ' dead' : ''}" x="${bx}" y="${by}" width="${bw}" height="${bw}"/>`;
    for (let cell = 0; cell < 9; cell++) {
      const e = 9 * b + cell, x = bx + (cell % 3) * c, y = by + Math.floor(cell / 3) * c, cx = x + c / 2, cy = y + c / 2;
      const name = `board ${b + 1}, row ${Math.floor(cell / 3) + 1}, column ${cell % 3 + 1}`;
      const hinted = hint && hint.pick.includes(e), last = o.last && o.last.pick.includes(e);
      let cls = 'ncell' + (hinted ? ' hinted' : '') + (last ? ' botlast' : '');
      const rect = `<rect x="${x + 1}" y="${y + 1}" width="${c - 2}" height="${c - 2}"/>`;
      if (pic.alive[e]) {
        const legal = o.play && !dead;
        s += legal ? `<g ${pickAttrs(e, 'put an X at ' + name, cls, [cx, cy])}>${rect}</g>` : `<g class="${cls}" aria-label="${name}, empty${dead ? ', on a dead board' : ''}">${rect}</g>`;
      } else {
        const who = owner[e] || '';
        s += `<g class="${cls} x ${who}" aria-label="${name}, X${who ? ' of ' + (who === 'bot' ? 'the bot' : 'yours') : ''}">${rect}<text x="${cx}" y="${cy + 8}" text-anchor="middle">X</text></g>`;
        if (who === 'bot') s += `<text class="who" x="${x + c - 3}" y="${y + c - 3}" text-anchor="end">bot</text>`;
      }
      if (hinted) s += `<text class="star" x="${x + c - 12}" y="${y + 14}">★</text>`;
    }
    for (const l of lines) { // the three in a row, struck through
      const p = (cell) => [bx + (cell % 3) * c + c / 2, by + Math.floor(cell / 3) * c + c / 2];
      const [a, z] = [p(l[0]), p(l[2])];
      s += `<line class="nline" x1="${a[0]}" y1="${a[1]}" x2="${z[0]}" y2="${z[1]}"/>`;
    }
    if (o.parts && pic.marks) s += `<text class="partval" x="${bx}" y="${by + bw + 18}">element ${esc(sup(pic.marks[b]))}</text>`;
  }
  return s + '</svg>';
}

// drawPicture returns the SVG of an answer: o.play makes its pieces
// buttons, o.hint outlines a move, o.sel is the selection in progress,
// o.owner says who took each element.
function drawPicture(r, o) {
  const pic = r.picture;
  if (!pic) return r.position ? drawHeaps(r, o) : '';
  switch (pic.kind) {
    case 'cram': case 'chomp': return drawGrid(pic, o);
    case 'graph': return drawGraph(pic, o);
    case 'hackenbush': return drawHackenbush(pic, o);
    case 'coins': return drawCoins(pic, o);
    case 'coins2': return drawCoinGrid(pic, o);
    case 'notakto': return drawNotakto(pic, o);
    case 'digraph': return drawDigraph(pic, r, o);
  }
  return '';
}

// bindPicks calls f(element) when a piece is clicked, or Enter or Space is
// pressed on it; on a grid (pieces with centres) the arrow keys move the
// focus to the nearest piece that way.
function bindPicks(root, f) {
  const picks = [...root.querySelectorAll('.pick')];
  for (const el of picks) {
    el.addEventListener('click', () => f(el.dataset.e));
    el.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); f(el.dataset.e); return; }
      const dir = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[e.key];
      if (!dir || el.dataset.x === undefined) return;
      e.preventDefault();
      const next = nearest(picks, el, dir);
      if (next) next.focus();
    });
  }
}

// nearest returns the piece of picks closest to el in the direction dir,
// distance along it counting less than distance across it.
function nearest(picks, el, dir) {
  let best = null, bestD = Infinity;
  for (const p of picks) {
    if (p === el || p.dataset.x === undefined) continue;
    const dx = p.dataset.x - el.dataset.x, dy = p.dataset.y - el.dataset.y;
    const along = dx * dir[0] + dy * dir[1], across = Math.abs(dx * dir[1]) + Math.abs(dy * dir[0]);
    if (along <= 0) continue;
    if (along + 3 * across < bestD) { best = p; bestD = along + 3 * across; }
  }
  return best;
}

// drawHeapMove draws a move of a heap game: the heap as it was, the tokens
// taken crossed out, in the bot's colours or the player's (who).
function drawHeapMove(m, mode, who) {
  const rg = removedRange(m);
  if (!rg) return '';
  const d = 20, n = Math.min(m.from, PER_LINE), w = 70 + n * d + 10;
  let s = svgOpen(w, 34, `${who === 'bot' ? "the bot's" : 'your'} move: heap ${m.heap + 1} of ${m.from}, tokens ${rg[0] + 1} to ${rg[1] + 1} taken`);
  s += `<text class="rowlabel" x="4" y="21">heap ${m.heap + 1}</text>`;
  for (let j = 0; j < n; j++) {
    const x = 70 + j * d + d / 2, gone = j >= rg[0] && j <= rg[1];
    s += `<g class="${mode === 'pins' ? 'pin' : 'token'}${gone ? ' ' + who + 'gone' : ''}"><circle cx="${x}" cy="17" r="8"/></g>`;
    if (gone) s += `<text class="cross" x="${x}" y="22" text-anchor="middle">✕</text>`;
  }
  return s + '</svg>';
}
