// The official Agent SDK on the same corpus as bench-history (figures only).
//   node tests/bench-sdk.mjs SDK_DIR list
//   node tests/bench-sdk.mjs SDK_DIR open SESSION_ID
// CLAUDE_CONFIG_DIR must point at the corpus.
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
}
