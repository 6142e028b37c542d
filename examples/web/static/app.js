'use strict';
// The teaching page: reads the view from the address, asks the worker
// (the Go library compiled to WebAssembly) and draws the answer.

const $ = (id) => document.getElementById(id);
const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]));
const VIEWS = ['position', 'nimsum', 'sequence', 'graph', 'play', 'lesson'];

let worker = null, nextId = 1, pending = null;

function newWorker() {
  worker = new Worker('worker.js');
  worker.onmessage = (e) => {
    const m = e.data;
    if (!pending || m.id !== pending.id) return;
    if (m.progress) { showProgress(m.progress[0], m.progress[1]); return; }
    const p = pending; pending = null; busy(false);
    p.resolve(JSON.parse(m.result));
  };
}

// ask sends a request to the worker; a new request or Cancel drops the
// one in flight (the worker is restarted, so the computation really stops).
function ask(req) {
  if (pending) cancel(false);
  return new Promise((resolve, reject) => {
    pending = { id: nextId++, resolve, reject };
    const timer = setTimeout(() => { if (pending) busy(true); }, 150);
    pending.timer = timer;
    worker.postMessage({ id: pending.id, req });
  });
}

function cancel(say) {
  if (!pending) return;
  const p = pending; pending = null;
  clearTimeout(p.timer);
  worker.terminate(); newWorker(); busy(false);
  p.reject(new Error('cancelled'));
  if (say) $('out').innerHTML = '<p>Cancelled.</p>';
}

function busy(on) {
  $('busy').hidden = !on;
  if (on) showProgress(0, 0);
}

function showProgress(done, total) {
  const bar = $('progress');
  if (total > 0) { bar.max = total; bar.value = done; $('progress-text').textContent = `${done.toLocaleString()} of ${total.toLocaleString()} values`; }
  else { bar.removeAttribute('value'); $('progress-text').textContent = 'working…'; }
}

function state() {
  const q = new URLSearchParams(location.search);
  const view = VIEWS.includes(q.get('view')) ? q.get('view') : 'position';
  return { game: q.get('game') || 'nim', position: q.get('position') || '1,2,3,4', at: q.get('at') || '', step: parseInt(q.get('step') || '1', 10) || 1, view, n: parseInt(q.get('n') || '0', 10) || 0 };
}

function go(s, push) {
  const q = new URLSearchParams({ game: s.game, position: s.position, view: s.view });
  if (s.n) q.set('n', s.n);
  if (s.at) q.set('at', s.at);
  if (s.view === 'lesson') q.set('step', s.step || 1);
  const url = '?' + q.toString();
  if (push) history.pushState(null, '', url); else history.replaceState(null, '', url);
  render(s);
}

function setError(field, msg) {
  for (const f of ['game', 'position']) {
    $('err-' + f).textContent = f === field ? msg : '';
    $(f).setAttribute('aria-invalid', f === field ? 'true' : 'false');
  }
}

async function render(s) {
  $('game').value = s.game; $('position').value = s.position;
  for (const a of document.querySelectorAll('#views a')) {
    a.classList.toggle('active', a.dataset.view === s.view);
    const q = new URLSearchParams({ game: s.game, position: s.position, view: a.dataset.view });
    if (s.at) q.set('at', s.at);
    a.href = a.dataset.view === 'lesson' ? lessonURL(1) : '?' + q.toString();
  }
  setError('', '');
  $('out').setAttribute('aria-live', s.view === 'play' || s.view === 'lesson' ? 'off' : 'polite');
  if (s.view === 'lesson') { showLesson(s); return; }
  let r;
  try { r = await ask({ view: s.view, game: s.game, position: s.position, at: s.at, n: s.n }); }
  catch (e) { return; }
  if (!r.error) setKind(r.board ? 'board' : r.loopy ? 'loopy' : 'heaps', s.game);
  if (r.error) {
    if (r.field === 'game' || r.field === 'position') { setError(r.field, r.error); $('out').innerHTML = '<p class="err">Fix the field marked in red.</p>'; }
    else $('out').innerHTML = `<p class="err">${esc(r.error)}</p>`;
    return;
  }
  ({ position: showPosition, nimsum: showNimSum, sequence: showSequence, graph: showGraph, play: showPlay })[s.view](r, s);
}

// setKind shows the fields and views that mean something for the kind of
// game shown: a board has no heaps to type and no sequence.
// Notakto is a board whose position may be typed, as boards.
function setKind(kind, spec) {
  document.body.dataset.kind = kind;
  const boards = spec.startsWith('notakto:');
  if (boards) document.body.dataset.boards = ''; else delete document.body.dataset.boards;
  if (boards && /^[\d,\s]*$/.test($('position').value)) $('position').value = ''; // heaps left from another game
  $('poslabel').textContent = boards ? 'Boards (x../.x./... each; empty: the start)' : kind === 'loopy' && spec.startsWith('digraph:') ? 'Tokens on vertices' : 'Position (heaps)';
}

function verdict(r) {
  const who = r.outcome === 'P' ? 'the player to move loses (a P-position)' : 'the player to move wins (an N-position)';
  return `<p class="verdict">Value <b id="value">*${r.value}</b> <span class="badge ${r.outcome}" id="outcome">${r.outcome}</span> — ${who}.</p>`;
}

function isCoins(pic) { return pic.kind === 'coins' || pic.kind === 'coins2'; }

// coinsHint explains a winning move on coins: turning a set of coins
// changes the value by the XOR of their values, which here is the value.
function coinsHint(r, win) {
  const pic = r.picture, name = (e) => pic.marks[e].split(':')[0], val = (e) => +pic.marks[e].split(':')[1];
  const change = win.pick.reduce((x, e) => x ^ val(e), 0);
  const how = pic.kind === 'coins2' ? 'By the Tartan theorem each coin is worth the nim-product of what its row and its column are worth (written under each head). ' : '';
  return `The value is *${r.value}. ${how}${partsText(r).replace(/<\/?p>/g, '')} Turning coins ${win.pick.map(name).join(', ')} flips each between heads and tails, which changes the value by the XOR of their values, ${win.pick.map(val).join(' ⊕ ')} = ${change}: that is the value itself, so the starred move <b>${esc(win.text)}</b> leaves ${r.value} ⊕ ${change} = 0, a position where every move of the bot can be answered.`;
}

function winning(r) { return (r.moves || []).filter((m) => m.winning); }

// valuedBy says how the page's library values a drawn game.
function valuedBy(kind) {
  return {
    cram: 'A board is valued as a whole: its value is the mex of the values of its options, found by a pruned search of the positions it can reach (package sg/search), where parts of the board that no longer touch each other are valued apart and their values XORed.',
    chomp: 'A chocolate bar is valued as a whole, by a pruned search of the positions it can reach (package sg/search): its value is the mex of its options\' values.',
    graph: 'A graph is valued by a pruned search of the positions it can reach (package sg/search): parts of the graph that no longer touch are valued apart and their values XORed.',
    coins: 'A row of coins needs no search: each head is a game of its own, worth a number given by a formula (shown under it), and the row is worth the XOR of its heads\' values.',
    coins2: 'A board of coins needs no search: by the Tartan theorem a head at (x, y) is worth the nim-product of what x is worth in the rule of the rows and y in the rule of the columns (Acrostic Twins: x ⊕ y), shown under each head, and the board is worth the XOR of its heads\' values.',
    hackenbush: 'A Hackenbush picture needs no search: by the colon principle a branch is worth what its stalks are worth, and by the fusion principle a cycle can be shrunk to a point, so the value follows in linear time.',
  }[kind] || '';
}

// misereVerdict is the verdict of a game read from its misère quotient.
function misereVerdict(r) {
  const who = r.outcome === 'P' ? 'the player to move loses (a misère P-position)' : 'the player to move wins (a misère N-position)';
  return `<p class="verdict">Element <b id="element">${esc(sup(r.misere.element))}</b> <span class="badge ${r.outcome}" id="outcome">${r.outcome}</span> — ${who}.</p>`;
}

// misereText explains Notakto's answer by its misère quotient; win is the
// move to explain (a winning one), or none.
function misereText(r, win) {
  const mis = r.misere, pic = r.picture;
  const boards = pic.marks.map((m, i) => `board ${i + 1} is ${esc(sup(m))}`).join(', ');
  let h = `Notakto is played misère (whoever completes the last line loses), so the values *n of normal play do not decide it. The library computes the misère quotient of the 3×3 board (package sg/misere: ${mis.order} elements, as Plambeck and Whitehead found), and each board is one of its elements: ${boards} (a dead board is 1). The position is their product, <b>${esc(sup(mis.element))}</b>, and a position is a P-position exactly when its product lies in the P-portion {${mis.pportion.map((x) => esc(sup(x))).join(', ')}}. `;
  if (r.outcome === 'P') return h + 'It does, so every move leaves a product outside it, from which the other player wins.';
  h += 'It does not, so the player to move wins';
  return win ? h + `: the starred move, <b>${esc(win.text)}</b>, makes the product ${esc(sup(win.after))}, which lies in the P-portion; whatever the reply, the product leaves it again and can be brought back.` : h + '.';
}

function showBoard(r, s) {
  let h = `<h2>${esc(r.game)}</h2>` + (r.misere ? misereVerdict(r) : verdict(r));
  if (r.picture) {
    const win = r.picture.moves.find((m) => m.winning);
    h += `<div class="picture" id="picture">${drawPicture(r, { hint: win, parts: true })}</div>`;
    h += r.misere ? `<p>${misereText(r, win)}</p>` : `<p>${valuedBy(r.picture.kind)}</p>` + partsText(r);
    h += `<p><a id="playlink" href="?${new URLSearchParams({ game: s.game, view: 'play', at: s.at || '', position: s.position })}">Play this position against the bot</a></p>`;
  } else if (r.game.startsWith('hackenbush:')) h += `<p>${valuedBy('hackenbush')} (This picture is too large to draw here.)</p>`;
  else h += '<p>A board of coins needs no search: by the Tartan theorem each head is worth the nim-product of the values of its row and its column, and the board is worth the XOR of its heads\' values.</p>';
  if (r.board && r.board.start) h += `<p>Position: <code id="start">${esc(r.board.start)}</code> (moves name its characters by their places, from 1)</p>`;
  h += '<h2>Winning moves</h2>';
  h += r.board.moves.length ? '<ul class="moves" id="winning">' + r.board.moves.map((m) => `<li class="win">★ ${esc(m)}</li>`).join('') + '</ul>'
    : '<p id="winning">None: every move leaves a position from which the opponent wins.</p>';
  $('out').innerHTML = h;
}

// partsText explains a drawn position's value by its parts.
function partsText(r) {
  const pic = r.picture, parts = pic.parts || [];
  if (pic.kind === 'coins' || pic.kind === 'coins2') {
    if (!parts.length) return '<p>No head is left: the value is 0.</p>';
    return `<p>Heads ${parts.map((p) => (pic.kind === 'coins' ? '#' : '') + pic.marks[p.elems[0]].split(':')[0]).join(', ')} are worth ${parts.map((p) => p.value).join(' ⊕ ')} = <b>${r.value}</b>.</p>`;
  }
  if (parts.length > 1) return `<p>The library values the position as ${parts.length} parts apart (parts that no longer touch, or that a proved cut separates; each part's value is written on its first ${pic.kind === 'graph' ? 'vertex' : 'cell'}), worth ${parts.map((p) => '*' + p.value).join(', ')}: together ${parts.map((p) => p.value).join(' ⊕ ')} = <b>${r.value}</b>.</p>`;
  return '';
}

function showLoopy(r) {
  const words = { P: 'the player to move loses (P)', N: 'the player to move wins (N)', D: 'a draw: with best play it goes on for ever (D)' };
  const unit = r.game.startsWith('digraph:') ? 'token on vertex' : 'heap';
  let h = `<h2>${esc(r.game)} at ${unit === 'heap' ? 'heaps' : 'tokens on vertices'} ${esc(r.position.join(', '))}</h2>`;
  h += `<p class="verdict">Outcome <span class="badge ${r.outcome}" id="outcome">${r.outcome}</span> — ${words[r.outcome]}.</p>`;
  if (r.picture) h += `<div class="picture" id="picture">${drawPicture(r, { hint: r.picture.moves.find((m) => m.winning) })}</div>`;
  h += `<p>Moves can return to earlier positions here, so a heap's value is a nimber *n or ∞ with the set of finite values it can move to (the generalized Sprague–Grundy function of Smith and of Fraenkel and Yesha): ${r.position.map((x, i) => `${unit} ${x}: <b>${esc(r.loopy.values[i])}</b>`).join(', ')}. A sum with two ∞ parts is a draw; one ∞{K} beside finite parts worth *x wins exactly when x is in K.</p>`;
  h += `<h2>${r.outcome === 'D' ? 'Moves that keep the draw' : 'Winning moves'}</h2>`;
  h += r.loopy.moves.length ? '<ul class="moves" id="winning">' + r.loopy.moves.map((m) => `<li class="win">${esc(m)}</li>`).join('') + '</ul>' : '<p id="winning">None: every move loses.</p>';
  $('out').innerHTML = h;
}

function showPosition(r, s) {
  if (r.board) { showBoard(r, s); return; }
  if (r.loopy) { showLoopy(r, s); return; }
  const heaps = r.position.map((h, i) => `G(${h}) = ${r.values[i]}`).join(', ');
  let h = `<h2>${esc(r.game)} at heaps ${esc(r.position.join(', '))}</h2>` + verdict(r);
  h += `<div class="picture" id="picture">${drawPicture(r, { values: r.values, hint: winning(r)[0] })}</div>`;
  h += `<p>By the Sprague–Grundy theorem the value of a sum of heaps is the XOR (nim-sum) of the heaps' values: ${heaps}, XOR ${r.value}.</p>`;
  const wins = winning(r);
  h += '<h2>Winning moves</h2>';
  h += wins.length ? '<ul class="moves" id="winning">' + wins.map((m) => `<li class="win">${esc(m.text)} → (${(m.to || []).join(', ') || 'nothing left'})</li>`).join('') + '</ul>'
    : '<p id="winning">None: every move leaves a position of nonzero value, from which the opponent wins.</p>';
  h += '<h2>The mex table</h2><p>G(n) is the least value not among the values of heap n\'s options (the <i>mex</i>).</p>';
  h += '<table><tr><th class="num">n</th><th>options (heaps left: value)</th><th>values of options</th><th class="num">G(n)</th></tr>';
  for (const row of r.mex.slice(0, 40)) {
    const opts = (row.options || []).slice(0, 12).map((o) => `(${(o.heaps || []).join('+') || '0'}): ${o.value}`).join(', ') + ((row.options || []).length > 12 ? ', …' : '');
    h += `<tr><td class="num">${row.x}</td><td>${esc(opts) || '— (no move)'}</td><td>{${(row.values || []).join(', ')}}</td><td class="num"><b>${row.mex}</b></td></tr>`;
  }
  h += '</table>';
  if (r.mex.length > 40) h += `<p>(${r.mex.length - 40} more rows not shown.)</p>`;
  $('out').innerHTML = h;
}

function binary(row, t) {
  return [...row.binary].map((c, i) => (t.width - 1 - i === t.highBit ? `<b>${c}</b>` : c)).join('');
}

function showNimSum(r) {
  const t = r.nimsum;
  let h = `<h2>Nim-sum of ${esc(r.position.join(', '))} in binary</h2>` + verdict(r);
  h += '<table id="nimsum"><tr><th></th><th class="num">value</th><th>binary</th></tr>';
  t.rows.forEach((row, i) => {
    h += `<tr class="${i === t.chosen ? 'chosen' : ''}"><td>${esc(row.name)}</td><td class="num">${row.value}</td><td class="bin">${binary(row, t)}</td></tr>`;
  });
  h += `<tr class="sum"><td>XOR</td><td class="num">${t.sum}</td><td class="bin">${binary({ binary: t.sumBinary }, t)}</td></tr></table>`;
  if (t.sum === 0) h += '<p>Every column has an even number of 1s, so the XOR is 0: whatever the player to move does, some column becomes odd, and the opponent can make it even again.</p>';
  else {
    h += `<p>The highest 1 of the XOR is in column ${t.highBit} (counting from 0 on the right). Row ${t.chosen + 1} has a 1 there, so changing it from ${t.from} to ${t.from} XOR ${t.sum} = ${t.to} makes every column even.</p>`;
    const w = winning(r).find((m) => m.heap === t.chosen && (r.game !== 'nim' || (m.parts || [])[0] === t.to || (t.to === 0 && !(m.parts || []).length)));
    if (w) h += `<p class="hint" id="move">Winning move: <b>${esc(w.text)}</b>.</p>`;
  }
  $('out').innerHTML = h;
}

function showSequence(r, s) {
  const q = r.sequence;
  let h = `<h2>Value sequence of ${esc(r.game)}</h2>`;
  if (q.period > 0) {
    h += `<p id="periodicity">${q.certified ? 'Certified' : 'Observed'}: preperiod <b id="preperiod">${q.preperiod}</b>, period <b id="period">${q.period}</b>${q.saltus ? `, saltus ${q.saltus}` : ''} (from ${q.computed.toLocaleString()} values computed). ` +
      (q.certified ? 'A theorem proves the values repeat forever: G(n + period) = G(n)' + (q.saltus ? ' + saltus' : '') + ' for every n ≥ preperiod.' : 'No theorem certifies it for this rule.') + '</p>';
  } else h += `<p id="periodicity">No period found in ${q.computed.toLocaleString()} values.</p>`;
  h += q.svg + '<div class="hover" id="hover">Point at a bar to see its heap, value and options.</div>';
  h += `<p>G(0) … G(${q.values.length - 1}): <code>${q.values.join(' ')}</code></p>`;
  $('out').innerHTML = h;
  let current = -1;
  for (const bar of document.querySelectorAll('svg .bar')) {
    bar.addEventListener('mouseenter', async () => {
      const n = +bar.dataset.n; current = n;
      $('hover').textContent = `G(${n}) = ${bar.dataset.v}`;
      if (n > 300) return;
      let o;
      try { o = await askQuiet({ view: 'options', game: s.game, n }); } catch (e) { return; }
      if (current !== n || !o.row) return;
      const opts = (o.row.options || []).map((x) => `(${(x.heaps || []).join('+') || '0'})→${x.value}`).join(' ');
      $('hover').textContent = `G(${n}) = ${o.row.mex} = mex{${(o.row.values || []).join(', ')}}; options: ${opts || 'none'}`;
    });
  }
}

// askQuiet answers small requests (hover) on a worker of their own, so
// they never cancel the main computation.
let quiet = null;
function askQuiet(req) {
  if (!quiet) { quiet = { w: new Worker('worker.js'), n: 0, waits: {} }; quiet.w.onmessage = (e) => { if (e.data.result && quiet.waits[e.data.id]) { quiet.waits[e.data.id](JSON.parse(e.data.result)); delete quiet.waits[e.data.id]; } }; }
  const id = ++quiet.n;
  return new Promise((resolve) => { quiet.waits[id] = resolve; quiet.w.postMessage({ id, req }); });
}

function showGraph(r) {
  const g = r.graph;
  let h = `<h2>Game graph of ${esc(r.position.join(', '))} in ${esc(r.game)}</h2>` + verdict(r);
  h += `<p class="legend"><span class="P">■ P-position: the player to move loses</span><span class="N">■ N-position: the player to move wins</span>${g.nodes.length} positions, ${g.edges.length} moves.</p>`;
  h += g.svg;
  $('out').innerHTML = h;
}

let game = null; // the game in play: {spec, kind, r, log, over, owner, sel, last, hint}

function kindOf(r) { return r.picture ? (r.picture.kind === 'digraph' ? 'loopy' : 'board') : 'heaps'; }
function movesOf(r) { return (r.picture ? r.picture.moves : r.moves) || []; }
function posReq(kind, v) { return kind === 'board' ? { position: '', at: v } : { position: v, at: '' }; }

function showPlay(r, s) {
  // Entering the view starts a new game from the address's position.
  game = { spec: s.game, kind: kindOf(r), r, log: [], over: false, owner: {}, sel: null, last: null, hint: false, turns: 0 };
  drawPlay();
}

function currentPos() {
  const r = game.r;
  if (game.kind === 'board') return game.at || '';
  return r.position.join(',') || '0';
}

function drawPlay() {
  const r = game.r, kind = game.kind, moves = movesOf(r);
  if (!game.over && !moves.length) game.over = r.misere ? 'Every board is dead and the bot completed the last line: you win!' : 'You cannot move: the bot wins.';
  let h = `<h2>Play ${esc(game.spec)} against the bot</h2>`;
  h += `<p id="turn">${game.over ? '' : 'Your move. '}You play first; ${r.misere ? 'whoever completes the last line loses' : 'whoever cannot move loses'}.${kind === 'heaps' ? ` Heaps: <b id="playpos">${r.position.length ? esc(r.position.join(', ')) : 'none left'}</b>.` : ''}</p>`;
  const win = game.hint ? (r.picture ? moves.find((m) => m.winning) : winning(r)[0]) : null;
  h += `<div class="picture" id="picture">${drawPicture(r, { play: !game.over, sel: game.sel, owner: game.owner, last: game.last, hint: win, values: game.hint ? r.values : null, parts: game.hint })}</div>`;
  if (kind === 'heaps' && game.last) {
    if (game.mine) h += `<div class="botmove"><span>Your move: ${esc(game.mine.text)}</span>${drawHeapMove(game.mine, heapMode(r), 'you')}</div>`;
    h += `<div class="botmove"><span>The bot's move: ${esc(game.last.text)}</span>${drawHeapMove(game.last, heapMode(r), 'bot')}</div>`;
  }
  else if (game.last) h += `<p class="botmove">The bot's move, drawn in orange (hatched or dotted, and marked "bot" where it fits): ${esc(game.last.text)}</p>`;
  h += `<p class="prompt" id="prompt" aria-live="polite">${esc(promptText())}</p>`;
  if (game.over) h += `<p class="verdict" id="result">${esc(game.over)}</p>`;
  else {
    if (r.picture && isCoins(r.picture)) h += '<p><button type="button" id="turnbtn">Turn the selected coins</button></p>';
    h += '<p><button type="button" class="secondary" id="hintbtn" aria-expanded="' + game.hint + '">Hint</button></p><div id="hint">' + (game.hint ? hintText(win) : '') + '</div>';
    const pickable = /class="pick/.test(drawPicture(r, { play: true, sel: game.sel }));
    if (!pickable) h += kind === 'heaps' && r.position.reduce((x, y) => x + y, 0) > MAX_TOKENS ? '<p>Too many tokens to point at one by one: choose your move from the list.</p>'
      : '<p>No move of this rule is a row of tokens to take (it splits heaps without taking any): choose yours from the list.</p>';
    h += `<details${pickable ? '' : ' open'}><summary>All moves as a list</summary><div class="playmoves">${moves.map((m, i) => `<button type="button" data-i="${i}">${esc(m.text)}</button>`).join('')}</div></details>`;
  }
  if (game.log.length) h += '<ol class="log" id="log">' + game.log.map((l) => `<li>${esc(l)}</li>`).join('') + '</ol>';
  h += '<p><button type="button" class="secondary" id="restart">New game</button></p>';
  $('out').innerHTML = h;
  $('restart').onclick = () => render(state());
  if (game.over) return;
  for (const b of document.querySelectorAll('.playmoves button')) b.onclick = () => play(moves[+b.dataset.i]);
  $('hintbtn').onclick = () => { game.hint = !game.hint; drawPlay(); };
  if ($('turnbtn')) $('turnbtn').onclick = () => {
    const sel = (game.sel || []).slice().sort((a, b) => a - b);
    const m = moves.find((x) => x.pick.length === sel.length && x.pick.every((e, k) => e === sel[k]));
    if (m) play(m); else { game.note = r.picture.kind === 'coins' ? 'Those coins are not a move: turn one head to tails (the rightmost coin turned must be a head), with the coins the rule allows to its left.' : 'Those coins are not a move: turn one head to tails (the coin turned furthest down and right must be a head), with the coins the rule allows above and left of it.'; drawPlay(); }
  };
  bindPicks($('picture'), pick);
  if (game.focus !== undefined) { // keep the keyboard in the picture: the same piece, else the first one
    const el = document.querySelector(`#picture .pick[data-e="${game.focus}"]`) || document.querySelector('#picture .pick');
    if (el) el.focus();
    game.focus = undefined;
  }
}

function promptText() {
  if (game.note) { const n = game.note; game.note = ''; return n; }
  if (game.over) return '';
  const k = game.r.picture ? game.r.picture.kind : heapMode(game.r);
  return {
    tokens: 'Point at a token: it and every token to its right are taken.',
    pins: game.sel ? `Pin ${game.sel.j + 1} of heap ${game.sel.heap + 1} chosen: point at it again to knock it down alone, or at another pin to knock down the pins between.` : 'Point at a pin to choose where to knock down, then at the last pin to knock down.',
    cram: game.sel !== null ? 'Now point at a free cell next to it to lay the domino.' : 'Point at two free cells side by side to cover them with a domino.',
    chomp: 'Point at a square: it and every square below and to its right are eaten. The poisoned square ☠ is never eaten: whoever is left with it alone loses.',
    graph: 'Point at a vertex: it and its neighbours are taken.',
    hackenbush: 'Point at an edge to cut it: whatever no longer touches the ground falls.',
    coins: 'Choose the coins to turn, then press Turn. H is heads, T tails; the rightmost coin turned must go from heads to tails.',
    coins2: 'Choose the coins to turn (point at them, or Tab and the arrow keys with Enter), then press Turn. The coin furthest down and right must go from heads to tails; the rule says which coins above and left of it turn with it.',
    notakto: 'Point at an empty cell of a live board (or use Tab, the arrow keys and Enter) to put an X there. Three X\'s in a line kill a board; whoever completes the last line loses.',
    digraph: 'Point at a vertex one arrow away from a token to move it there.',
  }[k] || '';
}

function hintText(win) {
  const r = game.r;
  if (!r.picture) {
    const vals = r.position.map((x, i) => `G(${x}) = ${r.values[i]}`).join(', ');
    if (!win) return `<div class="hint">The heaps' values are ${vals}; their XOR is 0, so every move leaves a nonzero XOR and the bot can answer it. Play on and hope for a mistake (the bot makes none).</div>`;
    const v = r.values[win.heap], t = v ^ r.value;
    return `<div class="hint">The heaps' values (right of each row) are ${vals}; their XOR is ${r.value}, not 0, so you can win. Heap ${win.heap + 1} is worth ${v}, and ${v} ⊕ ${r.value} = ${t}: change it to a value of ${t} and the XOR becomes 0. The starred move does it: <b>${esc(win.text)}</b>. From there, every move of the bot can be answered the same way.</div>`;
  }
  if (r.misere) return `<div class="hint">${misereText(r, win)}</div>`;
  if (isCoins(r.picture) && win) return `<div class="hint">${coinsHint(r, win)}</div>`;
  if (game.kind === 'loopy') return `<div class="hint">Outcome ${r.outcome}: ${win ? `the starred vertex is the move <b>${esc(win.text)}</b>, which ${r.outcome === 'D' ? 'keeps the draw' : 'wins'}.` : 'no move wins; every move leaves a position the bot wins from.'}</div>`;
  return `<div class="hint">The value is *${r.value}. ${partsText(r).replace(/<\/?p>/g, '')} ${win ? `The starred move <b>${esc(win.text)}</b> leaves value 0, a position where every move of the bot can be answered.` : 'Value 0: every move leaves a nonzero value, from which the bot wins.'}</div>`;
}

function pick(e) {
  if (pending) return; // the bot is thinking: a second click must not cancel it
  const r = game.r, moves = movesOf(r);
  game.focus = e;
  if (!r.picture) {
    const [i, j] = e.split(':').map(Number);
    if (heapMode(r) === 'tokens') {
      const m = moves.find((x) => x.heap === i && (j ? partsOf(x).length === 1 && partsOf(x)[0] === j : !partsOf(x).length));
      if (m) play(m);
      return;
    }
    if (game.sel && game.sel.heap === i) {
      const m = heapPinMove(moves, i, game.sel.j, j);
      game.sel = null;
      if (m) { play(m); return; }
    } else game.sel = { heap: i, j };
    drawPlay();
    return;
  }
  const x = +e;
  switch (r.picture.kind) {
    case 'cram': {
      if (game.sel === null || game.sel === undefined) { game.sel = x; drawPlay(); return; }
      const a = game.sel; game.sel = null;
      const m = moves.find((mv) => mv.pick.includes(a) && mv.pick.includes(x) && a !== x);
      if (m) play(m); else drawPlay();
      return;
    }
    case 'coins': case 'coins2': {
      const sel = game.sel || [];
      game.sel = sel.includes(x) ? sel.filter((y) => y !== x) : [...sel, x];
      drawPlay();
      return;
    }
    case 'digraph': {
      const m = moves.find((mv) => mv.pick[2] === x);
      if (m) play(m);
      return;
    }
  }
  const m = moves.find((mv) => mv.pick[0] === x);
  if (m) play(m);
}

function after(kind, m) { return kind === 'heaps' ? ((m.to || []).join(',') || '0') : m.position; }

async function play(m) {
  if (pending) return;
  const kind = game.kind;
  game.log.push('You: ' + m.text);
  game.sel = null; game.last = null; game.hint = false; game.mine = m;
  for (const e of m.pick || []) game.owner[e] = 'you';
  let pos = after(kind, m);
  let r;
  try { r = await ask({ view: 'play', game: game.spec, ...posReq(kind, pos) }); } catch (e) { return; }
  if (r.error) { $('out').innerHTML = `<p class="err">${esc(r.error)}</p>`; return; }
  const reply = r.picture ? r.picture.reply : r.reply;
  game.turns++;
  if (!reply) { game.at = pos; game.r = r; game.over = r.misere ? 'You completed the last line: the bot wins.' : 'The bot cannot move: you win!'; drawPlay(); remember(pos); announce(`You: ${m.text}. ${game.over}`); return; }
  game.log.push('Bot: ' + reply.text);
  for (const e of reply.pick || []) game.owner[e] = 'bot';
  game.last = reply;
  pos = after(kind, reply);
  try { r = await ask({ view: kind === 'loopy' ? 'play' : 'position', game: game.spec, ...posReq(kind, pos) }); } catch (e) { return; }
  if (r.error) { $('out').innerHTML = `<p class="err">${esc(r.error)}</p>`; return; }
  game.at = pos; game.r = r;
  if (kind === 'loopy' && game.turns >= 60) game.over = 'Sixty moves each and no end: a draw.';
  remember(pos);
  drawPlay();
  announce(`You: ${m.text}. The bot: ${reply.text}. ${game.over || 'Your move.'}`);
}

// remember puts the position reached in the address, so that a reload or
// a shared link resumes it.
// announce tells a screen reader what happened, in a live region of its
// own (the play view redraws the page, which is not read out again).
function announce(text) { $('announce').textContent = text; }

function remember(pos) {
  const q = new URLSearchParams(location.search);
  if (game.kind === 'board') q.set('at', pos); else q.set('position', pos);
  history.replaceState(null, '', '?' + q.toString());
}

newWorker();
$('cancel').onclick = () => cancel(true);
$('form').onsubmit = (e) => {
  e.preventDefault();
  const old = state(), g = $('game').value.trim();
  const pos = $('position').value.trim();
  go({ ...old, game: g, position: pos, at: g === old.game && pos === old.position ? old.at : '', n: 0 }, true);
};
document.querySelector('#views').onclick = (e) => {
  const a = e.target.closest('a'); if (!a) return;
  if (a.dataset.view === 'lesson') { e.preventDefault(); go({ ...state(), view: 'lesson', step: 1 }, true); return; }
  e.preventDefault(); go({ ...state(), game: $('game').value.trim(), position: $('position').value.trim(), view: a.dataset.view, at: $('game').value.trim() === state().game ? state().at : '' }, true);
};
onpopstate = () => render(state());
// Links of the page to its own views (lessons, a position to play) change
// the address and the view without reloading the module.
$('out').addEventListener('click', (e) => {
  const a = e.target.closest('a');
  if (!a || !a.getAttribute('href') || !a.getAttribute('href').startsWith('?') || e.ctrlKey || e.metaKey || e.shiftKey) return;
  e.preventDefault();
  history.pushState(null, '', a.getAttribute('href'));
  render(state());
});
render(state());
onerror = (msg) => { $('out').innerHTML = `<p class="err">The page failed: ${esc(msg)}</p>`; };
