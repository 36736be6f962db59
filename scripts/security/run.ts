// `npm run security:check [-- http://localhost:3000]`: replays the attacks of the security review
// (issue 29, items 1-5) against a running GiftRelay, each script in this folder in turn, and says
// which holes are closed. Start the product first with `npm start` (a fresh one: the scripts read
// the built-in mailbox from this machine). Scripts that need a server started with other settings
// (an OPERATOR_EMAILS address, JSON logs) start their own from the build, on a free port, and ignore
// the address. Exits 1 when any hole is open.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const dir = import.meta.dirname;
const baseUrl = process.argv[2] ?? 'http://localhost:3000';
const scripts = readdirSync(dir)
  .filter((f) => /^\d\d-.*\.ts$/.test(f))
  .sort();
const results: { script: string; ok: boolean }[] = [];
for (const script of scripts) {
  console.log(`\n━━ ${script} ━━`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, script), baseUrl], { stdio: 'inherit' });
  results.push({ script, ok: r.status === 0 });
}
console.log('\nSecurity review replay:');
for (const { script, ok } of results) console.log(`  ${ok ? 'closed' : 'OPEN  '}  ${script}`);
const open = results.filter((r) => !r.ok).length;
console.log(`${results.length - open} passed, ${open} failed`);
process.exit(open ? 1 : 0);
