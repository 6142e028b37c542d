'use strict';
// The teaching page: reads the view from the address, asks the worker
// (the Go library compiled to WebAssembly) and draws the answer.

const $ = (id) => document.getElementById(id);
const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]));
const VIEWS = ['position', 'nimsum', 'sequence', 'graph', 'play'];

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
  return { game: q.get('game') || 'nim', position: q.get('position') || '1,2,3,4', view, n: parseInt(q.get('n') || '0', 10) || 0 };
}

function go(s, push) {
  const q = new URLSearchParams({ game: s.game, position: s.position, view: s.view });
  if (s.n) q.set('n', s.n);
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
    a.href = '?' + q.toString();
  }
  setError('', '');
  let r;
  try { r = await ask({ view: s.view, game: s.game, position: s.position, n: s.n }); }
  catch (e) { return; }
  if (r.error) {
    if (r.field === 'game' || r.field === 'position') { setError(r.field, r.error); $('out').innerHTML = '<p class="err">Fix the field marked in red.</p>'; }
    else $('out').innerHTML = `<p class="err">${esc(r.error)}</p>`;
    return;
  }
  ({ position: showPosition, nimsum: showNimSum, sequence: showSequence, graph: showGraph, play: showPlay })[s.view](r, s);
}

function verdict(r) {
  const who = r.outcome === 'P' ? 'the player to move loses (a P-position)' : 'the player to move wins (an N-position)';
  return `<p class="verdict">Value <b id="value">*${r.value}</b> <span class="badge ${r.outcome}" id="outcome">${r.outcome}</span> — ${who}.</p>`;
}

function winning(r) { return (r.moves || []).filter((m) => m.winning); }

function showBoard(r) {
  let h = `<h2>${esc(r.game)}</h2>` + verdict(r);
  h += '<p>A board game is valued as a whole: its value is the mex of the values of its options, found by a pruned search of the positions it can reach (package sg/search), where parts of the board that no longer touch each other are valued apart and their values XORed.</p>';
  if (r.board.start) h += `<p>Position: <code id="start">${esc(r.board.start)}</code> (moves name its characters by their places, from 1)</p>`;
  h += '<h2>Winning moves</h2>';
  h += r.board.moves.length ? '<ul class="moves" id="winning">' + r.board.moves.map((m) => `<li class="win">${esc(m)}</li>`).join('') + '</ul>'
    : `<p id="winning">${r.outcome === 'P' ? 'None: every move leaves a position from which the opponent wins.' : 'The value is known; this game does not list its moves here.'}</p>`;
  $('out').innerHTML = h;
}

function showLoopy(r) {
  const words = { P: 'the player to move loses (P)', N: 'the player to move wins (N)', D: 'a draw: with best play it goes on for ever (D)' };
  const unit = r.game.startsWith('digraph:') ? 'token on vertex' : 'heap';
  let h = `<h2>${esc(r.game)} at ${unit === 'heap' ? 'heaps' : 'tokens on vertices'} ${esc(r.position.join(', '))}</h2>`;
  h += `<p class="verdict">Outcome <span class="badge ${r.outcome === 'D' ? 'P' : r.outcome}" id="outcome">${r.outcome}</span> — ${words[r.outcome]}.</p>`;
  h += `<p>Moves can return to earlier positions here, so a heap's value is a nimber *n or ∞ with the set of finite values it can move to (the generalized Sprague–Grundy function of Smith and of Fraenkel and Yesha): ${r.position.map((x, i) => `${unit} ${x}: <b>${esc(r.loopy.values[i])}</b>`).join(', ')}. A sum with two ∞ parts is a draw; one ∞{K} beside finite parts worth *x wins exactly when x is in K.</p>`;
  h += `<h2>${r.outcome === 'D' ? 'Moves that keep the draw' : 'Winning moves'}</h2>`;
  h += r.loopy.moves.length ? '<ul class="moves" id="winning">' + r.loopy.moves.map((m) => `<li class="win">${esc(m)}</li>`).join('') + '</ul>' : '<p id="winning">None: every move loses.</p>';
  $('out').innerHTML = h;
}

function showPosition(r) {
  if (r.board) { showBoard(r); return; }
  if (r.loopy) { showLoopy(r); return; }
  const heaps = r.position.map((h, i) => `G(${h}) = ${r.values[i]}`).join(', ');
  let h = `<h2>${esc(r.game)} at heaps ${esc(r.position.join(', '))}</h2>` + verdict(r);
  h += `<p>By the Sprague–Grundy theorem the value of a sum of heaps is the XOR (nim-sum) of the heaps' values: ${heaps}, XOR ${r.value}.</p>`;
  const wins = winning(r);
  h += '<h2>Winning moves</h2>';
  h += wins.length ? '<ul class="moves" id="winning">' + wins.map((m) => `<li class="win">${esc(m.text)} → (${m.to.join(', ') || 'nothing left'})</li>`).join('') + '</ul>'
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

let game = null; // the game in play: {spec, position, log, over}

function showPlay(r, s) {
  // Entering the view starts a new game from the address's position.
  game = { spec: s.game, position: r.position, log: [], over: false };
  drawPlay(r);
}

function drawPlay(r) {
  let h = `<h2>Play ${esc(game.spec)} against the bot</h2>`;
  h += `<p>Position: <b id="playpos">${game.position.length ? esc(game.position.join(', ')) : 'no heaps left'}</b>. You move first; whoever cannot move loses.</p>`;
  if (game.log.length) h += '<ol class="log">' + game.log.map((l) => `<li>${esc(l)}</li>`).join('') + '</ol>';
  if (game.over) h += `<p class="verdict" id="result">${esc(game.over)}</p>`;
  else if (!r.moves || !r.moves.length) { game.over = 'You cannot move: the bot wins.'; h += `<p class="verdict" id="result">${game.over}</p>`; }
  else {
    h += '<p>Your move:</p><div class="playmoves">' + r.moves.map((m, i) => `<button type="button" data-i="${i}">${esc(m.text)}</button>`).join('') + '</div>';
    h += '<button type="button" class="secondary" id="hintbtn">Hint</button><div id="hint"></div>';
  }
  h += '<p><button type="button" class="secondary" id="restart">New game</button></p>';
  $('out').innerHTML = h;
  $('restart').onclick = () => render(state());
  if (game.over) return;
  for (const b of document.querySelectorAll('.playmoves button')) b.onclick = () => play(r.moves[+b.dataset.i]);
  const hb = $('hintbtn');
  if (hb) hb.onclick = () => {
    const wins = winning(r);
    const vals = r.position.map((x, i) => `G(${x}) = ${r.values[i]}`).join(', ');
    $('hint').innerHTML = `<div class="hint">${wins.length
      ? `The heaps' values are ${vals}; their XOR is ${r.value}, not 0, so you can win: <b>${esc(wins[0].text)}</b> leaves values whose XOR is 0, and from there every move of the bot can be answered the same way.`
      : `The heaps' values are ${vals}; their XOR is 0, so every move leaves a nonzero XOR and the bot can answer it. Play on and hope for a mistake (the bot makes none).`}</div>`;
  };
}

async function play(m) {
  game.log.push('You: ' + m.text);
  game.position = m.to;
  const pos = game.position.join(',') || '0';
  let r;
  try { r = await ask({ view: 'play', game: game.spec, position: pos }); } catch (e) { return; }
  if (r.error) { $('out').innerHTML = `<p class="err">${esc(r.error)}</p>`; return; }
  if (!r.reply) { game.over = 'The bot cannot move: you win!'; drawPlay(r); return; }
  game.log.push('Bot: ' + r.reply.text);
  game.position = r.reply.to;
  try { r = await ask({ view: 'position', game: game.spec, position: game.position.join(',') || '0' }); } catch (e) { return; }
  drawPlay(r);
}

newWorker();
$('cancel').onclick = () => cancel(true);
$('form').onsubmit = (e) => { e.preventDefault(); go({ ...state(), game: $('game').value.trim(), position: $('position').value.trim(), n: 0 }, true); };
document.querySelector('#views').onclick = (e) => {
  const a = e.target.closest('a'); if (!a) return;
  e.preventDefault(); go({ ...state(), game: $('game').value.trim(), position: $('position').value.trim(), view: a.dataset.view }, true);
};
onpopstate = () => render(state());
render(state());
onerror = (msg) => { $('out').innerHTML = `<p class="err">The page failed: ${esc(msg)}</p>`; };
