// The official Agent SDK on the same corpus as bench-history (figures only).
//   node tests/bench-sdk.mjs SDK_DIR list
//   node tests/bench-sdk.mjs SDK_DIR open SESSION_ID
//   node tests/bench-sdk.mjs SDK_DIR stream LINES_FILE
// CLAUDE_CONFIG_DIR must point at the corpus (list, open). `stream` runs
// query() on a stand-in CLI that prints LINES_FILE (the stream-json lines
// bench-core replays) and counts the messages query() yields.
import { mkdtempSync, writeFileSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

const [sdkDir, what, arg] = process.argv.slice(2);
const sdk = await import(`${sdkDir}/sdk.mjs`);
const now = () => Number(process.hrtime.bigint()) / 1e9;

if (what === 'list') {
  let t = now();
  const sessions = await sdk.listSessions();
  const cold = now() - t;
  t = now();
  await sdk.listSessions();
  console.log(`list-conversations ${sessions.length}`);
  console.log(`list-cold-s ${cold.toFixed(3)}`);
  console.log(`list-warm-s ${(now() - t).toFixed(4)}`);
} else if (what === 'open') {
  const t = now();
  const messages = await sdk.getSessionMessages(arg);
  const total = now() - t;
  console.log(`open-messages ${messages.length}`);
  console.log(`open-whole-s ${total.toFixed(3)}`);
  console.log(`open-messages-per-s ${(messages.length / total).toFixed(0)}`);
} else if (what === 'stream') {
  // prints the lines, then waits for the SDK to close its stdin
  const dir = mkdtempSync(join(tmpdir(), 'cairn-sdk-'));
  const cli = join(dir, 'claude');
  writeFileSync(cli, '#!/bin/sh\ncat "$CAIRN_BENCH_LINES"\nexec cat >/dev/null\n', { mode: 0o755 });
  const t = now();
  let messages = 0;
  for await (const message of sdk.query({
    prompt: 'bench',
    options: { pathToClaudeCodeExecutable: cli, env: { ...process.env, CAIRN_BENCH_LINES: arg } },
  }))
    messages++;
  const total = now() - t;
  rmSync(dir, { recursive: true });
  console.log(`stream-messages ${messages}`);
  console.log(`stream-s ${total.toFixed(3)}`);
  console.log(`stream-messages-per-s ${(messages / total).toFixed(0)}`);
}
