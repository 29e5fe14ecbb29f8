// The page's script: the portable core of sudoku-press, bundled for the browser by build.mjs.
import { LEVELS, PuzzleFormatError, countSolutions, describeStep, generateOne, gradePuzzle, hintStep, parsePuzzle, techniqueById } from 'sudoku-press';

const $ = (id) => document.getElementById(id);

function techniqueName(id) {
  return id === 'guess' ? 'a guess' : (techniqueById(id)?.name ?? id);
}

function showBoard(grid) {
  const rows = [];
  for (let r = 0; r < 9; r++) {
    const cells = [];
    for (let c = 0; c < 9; c++) {
      const digit = grid ? grid[r * 9 + c] : 0;
      cells.push(`<td>${digit === 0 ? '' : digit}</td>`);
    }
    rows.push(`<tr>${cells.join('')}</tr>`);
  }
  $('board').innerHTML = rows.join('');
}

function show(fields) {
  for (const [id, text] of Object.entries(fields)) $(id).textContent = text;
}

function verdict(text, good) {
  const node = $('verdict');
  node.textContent = text;
  node.className = good ? 'verdict-unique' : 'verdict-bad';
}

function checkPuzzle() {
  let grid;
  try {
    grid = parsePuzzle($('puzzle').value);
  } catch (error) {
    if (!(error instanceof PuzzleFormatError)) throw error;
    showBoard(null);
    verdict(`invalid: ${error.reason}`, false);
    show({ rating: '–', level: '–', hardest: '–', hint: '–' });
    return;
  }
  showBoard(grid);
  const count = countSolutions(grid);
  if (count !== 1) {
    verdict(count === 0 ? 'no solution' : 'several solutions', false);
    show({ rating: '–', level: '–', hardest: '–', hint: '–' });
    return;
  }
  verdict('unique: exactly one solution', true);
  show({ rating: 'grading…', level: '', hardest: '', hint: '' });
  // Let the page show "grading…" before the grader takes the thread.
  setTimeout(() => {
    const grade = gradePuzzle(grid);
    const step = hintStep(grid);
    show({
      rating: `${grade.lowerBound ? '≥' : ''}${grade.rating.toFixed(1)}`,
      level: grade.level,
      hardest: techniqueName(grade.hardest),
      hint: step ? describeStep(step) : 'already solved',
    });
  }, 0);
}

function generatePuzzle() {
  const seed = $('seed').value;
  const index = Number($('index').value);
  const difficulty = $('difficulty').value;
  $('generated').textContent = 'generating…';
  setTimeout(() => {
    try {
      const made = generateOne(seed, index, { difficulty });
      $('generated').textContent = `puzzle ${made.index} of seed "${seed}": ${made.puzzle} (${made.grade.level}, ${made.grade.rating.toFixed(1)})`;
      $('puzzle').value = made.puzzle;
      checkPuzzle();
    } catch (error) {
      $('generated').textContent = `not generated: ${error.message}`;
    }
  }, 0);
}

for (const row of LEVELS) $('difficulty').insertAdjacentHTML('beforeend', `<option value="${row.level}">${row.level}</option>`);
$('difficulty').value = 'hard';
$('check').addEventListener('click', checkPuzzle);
$('generate').addEventListener('click', generatePuzzle);
showBoard(null);
