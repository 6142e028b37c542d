'use strict';
// Lessons: a guided path through the theory, each step a small position
// answered by the live library, a question the page checks against that
// answer, and a link to play the position against the bot. Every step is
// a link: ?view=lesson&step=N.

const LESSONS = [
  {
    title: 'P-positions and N-positions',
    req: { view: 'position', game: 'nim', position: '1,1' },
    text: () => 'Two heaps of one token in Nim: a move takes any number of tokens from one heap, and whoever cannot move loses. A position is a <b>P-position</b> when the <b>P</b>revious player (the one who just moved) wins, an <b>N-position</b> when the <b>N</b>ext player (the one to move) wins.',
    q: 'Is 1, 1 a P-position or an N-position?', choices: ['P', 'N'], answer: (r) => r.outcome,
    why: () => 'P: whichever heap you empty, your opponent empties the other and you cannot move.',
  },
  {
    title: 'Moving to a P-position wins',
    req: { view: 'position', game: 'nim', position: '1,2' },
    text: () => 'A position is N exactly when some move leads to a P-position, and P when every move leads to an N-position.',
    q: 'Is 1, 2 a P-position or an N-position?', choices: ['P', 'N'], answer: (r) => r.outcome,
    why: () => 'N: take one token from the heap of 2, leaving 1, 1, which you just saw is P.',
  },
  {
    title: 'The mex rule',
    req: { view: 'position', game: 'sub:1,2', position: '5' },
    text: (r) => `In the game "take 1 or 2", a heap of 5 can become a heap of 4 or of 3. Every position has a value, its <b>Sprague–Grundy value</b> G: the <b>mex</b> (minimum excluded number) of its options' values, the least number 0, 1, 2, … that is not among them. A heap with no move has G = 0. Here G(4) = ${r.mex[4].mex} and G(3) = ${r.mex[3].mex}.`,
    q: 'What is G(5), the mex of the values of its options?', answer: (r) => r.mex[5].mex,
    why: (r) => `mex{${r.mex[5].values.join(', ')}} = ${r.mex[5].mex}: the least number missing. A position is P exactly when its value is 0.`,
  },
  {
    title: 'Sprague–Grundy values of a game that splits heaps',
    req: { view: 'position', game: '.77', position: '4' },
    text: (r) => `Kayles: a row of pins; a move knocks down one pin or two adjacent pins, which may split the row in two. A split row is a sum of two rows, worth the XOR of their values (you will see why). The values of rows of 0 to 3 pins are ${r.mex.slice(0, 4).map((m) => m.mex).join(', ')}.`,
    q: 'What is G(4), the value of a row of 4 pins?', answer: (r) => r.values[0],
    why: (r) => `The options of 4 are worth {${r.mex[4].values.join(', ')}}, whose mex is ${r.values[0]}.`,
  },
  {
    title: 'The nim-sum',
    req: { view: 'nimsum', game: 'nim', position: '3,5,6' },
    text: () => 'The <b>nim-sum</b> a ⊕ b is the XOR of the numbers written in binary: add each column of bits and keep only whether it is odd. 3 is 011, 5 is 101, 6 is 110.',
    q: 'What is 3 ⊕ 5 ⊕ 6?', answer: (r) => r.value,
    why: () => 'Each column has two 1s, so every bit is 0: 3 ⊕ 5 ⊕ 6 = 0.',
  },
  {
    title: "Bouton's theorem",
    req: { view: 'nimsum', game: 'nim', position: '3,4,5' },
    text: () => "<b>Bouton</b> (1901): a Nim position is P exactly when the nim-sum of its heaps is 0. When it is not, take the highest 1 of the nim-sum: a heap with a 1 in that column can be made smaller so that the nim-sum becomes 0.",
    q: 'In Nim 3, 4, 5 (nim-sum 2), which heap (1, 2 or 3) must change to win?', answer: (r) => (r.moves || []).filter((m) => m.winning).map((m) => m.heap + 1),
    why: (r) => `Only heap 1 (3 = 011) has a 1 in the column of 2 = 010: change it to 3 ⊕ 2 = 1. ${(r.moves || []).filter((m) => m.winning).map((m) => m.text).join('; ')}.`,
  },
  {
    title: 'The sum theorem',
    req: { view: 'position', game: 'sub:1,2,3', position: '5,7' },
    text: (r) => `The <b>Sprague–Grundy theorem</b>: a sum of games, where a move is a move in any one of them, is worth the nim-sum of their values, as if each were a Nim heap of its value. In "take 1, 2 or 3", G(5) = ${r.values[0]} and G(7) = ${r.values[1]}.`,
    q: 'What is the value of the sum of heaps 5 and 7?', answer: (r) => r.value,
    why: (r) => `${r.values[0]} ⊕ ${r.values[1]} = ${r.value}, not 0: the player to move wins.`,
  },
  {
    title: 'Periodicity',
    req: { view: 'sequence', game: 'sub:1,2,3' },
    text: (r) => `The values G(0), G(1), … of "take 1, 2 or 3": ${r.sequence.values.slice(0, 16).join(' ')} … Every subtraction game's values become periodic, and for octal games a theorem proves the period from finitely many values.`,
    q: 'What is the period of the values?', answer: (r) => r.sequence.period,
    why: (r) => `G(n + ${r.sequence.period}) = G(n) for every n: G(n) is n mod 4, and the page shows the period certified.`,
  },
  {
    title: 'Misère Nim',
    req: { view: 'misere', game: 'nim', position: '1,1,1' },
    text: () => 'In <b>misère</b> play whoever makes the last move <i>loses</i>. Bouton showed how to play misère Nim: as in normal Nim, except at the moment your move would leave only heaps of size 1; then leave an <i>odd</i> number of them.',
    q: 'In misère Nim, is 1, 1, 1 a P-position or an N-position?', choices: ['P', 'N'], answer: (r) => r.misere.outcome,
    why: () => 'P: each move takes one heap, and the player to move takes the last one, so loses. (In normal play 1, 1, 1 is N: nim-sum 1.)',
  },
  {
    title: 'Loopy games and draws',
    req: { view: 'position', game: 'digraph:0-1,1-2,2-0,2-3,3-4', position: '0,1' },
    text: () => 'When a move can return to an earlier position, play may go on for ever: a <b>draw</b>. The values become ∞ with the set of finite values reachable (Smith; Fraenkel and Yesha), and a sum with two ∞ parts is a draw. Here two tokens stand on the cycle 0 → 1 → 2 → 0, which leads out to 3 and 4.',
    q: 'Is this P, N or D (a draw)?', choices: ['P', 'N', 'D'], answer: (r) => r.outcome,
    why: () => 'D: whoever leaves the cycle first loses, so neither does, and with best play the game never ends.',
  },
];

function lessonURL(k) { return '?' + new URLSearchParams({ view: 'lesson', step: k }).toString(); }

async function showLesson(s) {
  const k = Math.min(Math.max(1, s.step || 1), LESSONS.length), L = LESSONS[k - 1];
  let r;
  try { r = await ask(L.req); } catch (e) { return; }
  if (r.error) { $('out').innerHTML = `<p class="err">${esc(r.error)}</p>`; return; }
  let h = `<p class="steps">${LESSONS.map((x, i) => `<a href="${lessonURL(i + 1)}" ${i + 1 === k ? 'aria-current="step" class="current"' : ''} title="${esc(x.title)}">${i + 1}</a>`).join(' ')}</p>`;
  h += `<h2 id="lesson-title">Lesson ${k} of ${LESSONS.length}: ${esc(L.title)}</h2><p>${L.text(r)}</p>`;
  if (r.sequence) h += r.sequence.svg;
  else if (L.req.view !== 'nimsum') h += `<div class="picture" id="picture">${drawPicture(r, {})}</div>`;
  else h += `<p class="bin">${r.position.map((x) => x.toString(2).padStart(3, '0') + ` (${x})`).join('<br>')}</p>`;
  h += `<form id="quiz"><fieldset><legend>${esc(L.q)}</legend>`;
  h += L.choices ? L.choices.map((c) => `<label class="choice"><input type="radio" name="a" value="${c}"> ${c}</label>`).join('')
    : '<label class="choice">Answer <input id="answer" name="a" inputmode="numeric" autocomplete="off" size="6"></label>';
  h += '<button type="submit" id="check">Check</button></fieldset></form><p id="feedback" role="status" aria-live="polite"></p>';
  if (L.req.view !== 'sequence') {
    const play = new URLSearchParams({ game: L.req.game, position: L.req.position || '', view: 'play' });
    h += `<p><a href="?${play}" id="playit">Play this position against the bot</a> (you move first).</p>`;
  }
  h += `<p class="lessonnav">${k > 1 ? `<a href="${lessonURL(k - 1)}" id="prev">← Previous</a>` : ''} ${k < LESSONS.length ? `<a href="${lessonURL(k + 1)}" id="next">Next →</a>` : '<b>The end.</b> Try any game in the field above.'}</p>`;
  $('out').innerHTML = h;
  $('quiz').onsubmit = (e) => {
    e.preventDefault();
    const f = new FormData($('quiz'));
    const given = String(f.get('a') || '').trim().toUpperCase();
    const want = L.answer(r), ok = Array.isArray(want) ? want.map(String).includes(given) : String(want) === given;
    $('feedback').className = ok ? 'right' : 'wrong';
    $('feedback').innerHTML = given === '' ? 'Give an answer first.' : ok ? `✔ Right. ${L.why(r)}` : '✘ Not yet: look again at the picture, or play the position to see.';
  };
}
