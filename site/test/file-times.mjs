// A node:test reporter that closes the run with one line per test file: its wall time (from
// the end of the file before it to its own last event, so the browser's start and the page
// loads count), its tests, and how many failed; slowest first. `make site-test` runs it beside
// the spec reporter, so the run's log says where the browser suite spends its time.
// Files run one at a time (--test-concurrency=1), which is what makes the wall time per file.
export default async function* fileTimes(source) {
  const files = new Map(); // file -> {ms, tests, failed}
  let mark = Date.now();
  let current = null;
  for await (const ev of source) {
    const d = ev.data;
    if (!d || !d.file || (ev.type !== 'test:pass' && ev.type !== 'test:fail')) continue;
    if (current !== d.file) {
      current = d.file;
      if (!files.has(current)) files.set(current, { ms: 0, tests: 0, failed: 0, start: mark });
    }
    const f = files.get(current);
    const now = Date.now();
    f.ms = now - f.start;
    mark = now;
    if (d.nesting === 0) {
      f.tests++;
      if (ev.type === 'test:fail') f.failed++;
    }
  }
  const rows = [...files].sort((a, b) => b[1].ms - a[1].ms);
  const total = rows.reduce((s, [, f]) => s + f.ms, 0);
  let out = `\nbrowser test files by wall time (total ${(total / 1000).toFixed(0)} s):\n`;
  for (const [file, f] of rows) {
    const name = file.replace(/^.*\/test\//, '');
    out += `${(f.ms / 1000).toFixed(1).padStart(7)} s  ${String(f.tests).padStart(3)} tests${f.failed ? `  ${f.failed} failed` : ''}  ${name}\n`;
  }
  yield out;
}
