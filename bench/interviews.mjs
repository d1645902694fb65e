#!/usr/bin/env node
// Self-hosted interviewer benchmark: N candidates take their interview at once, speaking in
// real time over the interview's WebSocket, as a join page does.
//
//     node --experimental-websocket bench/interviews.mjs [--concurrency 1,2,4,6,8] [--questions 3] [--stagger 0]
//     node --experimental-websocket bench/interviews.mjs --flood 125 [--questions 3]
//
// Starts a release server built with the test clock (`cargo build --release -p hirelane
// --features test-clock`; HIRELANE_BIN names another) with HIRELANE__VOICE__PROVIDER=selfhosted,
// a fresh data directory, and its speech sidecar; signs in with the code from the outbox; creates
// a CSV JD with N candidates, an assistant, invites and bookings, and moves the server's clock
// into the join window. Each candidate's answers are spoken by the speech models' own voice
// (synthesized once with the sidecar's Python and Piper), streamed 20 ms per 20 ms with two
// seconds of room noise after each. Measured, per answer: the voice-to-voice latency from the
// candidate's last word (the last 20 ms frame of the answer with speech in it, as sent) to the
// first audio of the interviewer's next turn (its acknowledgement, "Okay."), the same to the
// first audio of the line after it (the follow-up or the next question, which waits for the
// answer's transcript), and the server's breakdown of the first (its `latency` message:
// end-of-turn detection, transcription, decision, synthesis, send); per round: the median and
// p95 of those latencies, each stage's median and p95, the wall time, the
// CPU time the server and its sidecar used (from /proc) per interview, and the load average
// before and after the round (the machine may be shared). Loopback only.
//
// `--flood SECONDS` (issue 29 §6) runs two rounds of one measured candidate each: alone, then
// beside a second candidate who sends SECONDS of speech per answer as fast as the socket takes
// it (the probe sent 125 s in 1.1 s). The measured one starts as the flood begins; reported for
// both rounds: their greeting's latency (socket open to the first audio), their answers'
// latencies, and /healthz's (sampled every 200 ms while the round runs; target under 100 ms).
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { homedir, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, arg, i, all) => (arg.startsWith('--') ? [...pairs, [arg.slice(2), all[i + 1]]] : pairs), []),
);
const rounds = (args.concurrency ?? args.concurrent ?? '1,2,4,6,8').split(',').map(Number);
const questions = Number(args.questions ?? 3);
// Seconds between two candidates' starts: 0 is the worst case (every answer of every interview
// ends at the same moment, so their transcriptions queue); real candidates are spread out.
const stagger = Number(args.stagger ?? 0);
const flood = args.flood === undefined ? null : Number(args.flood);
const target = process.env.CARGO_TARGET_DIR ?? join(homedir(), '.cache/hirelane/target');
const binary = process.env.HIRELANE_BIN ?? join(target, 'release/hirelane');
const SAMPLE_RATE = 16000;
const FRAME = 320;
// A sample this loud (-36 dBFS) is speech, not the room: the last one marks the last word.
const SPEECH_LEVEL = 512;
const STAGES = ['endOfTurnMs', 'transcriptionMs', 'decisionMs', 'synthesisMs', 'sendMs', 'totalMs'];

const ANSWERS = [
  'Yes, I am ready.',
  'I build Python services on AWS, and I deploy them with Docker and Kubernetes every week.',
  'I turn on the slow query log, read the query plan, and then add the missing index.',
  'I would write more tests first, and I would split the largest service into two smaller ones.',
];

function freePort() {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** 16 kHz mono Int16 of each text, from the speech models' own voice. */
function synthesize(texts) {
  const env = Object.fromEntries(
    readFileSync(join(homedir(), '.cache/hirelane/speech.env'), 'utf8')
      .split('\n')
      .filter((l) => l.includes('='))
      .map((l) => l.split('=', 2)),
  );
  const script = `
import json, sys, audioop
from piper import PiperVoice
voice = PiperVoice.load(sys.argv[1])
for text in json.loads(sys.argv[2]):
    pcm = b"".join(chunk.audio_int16_bytes for chunk in voice.synthesize(text))
    rate = voice.config.sample_rate
    pcm, _ = audioop.ratecv(pcm, 2, 1, rate, 16000, None)
    sys.stdout.write(pcm.hex() + "\\n")
`;
  const out = execFileSync(env.SPEECH_PYTHON, ['-c', script, env.SPEECH_TTS_VOICE, JSON.stringify(texts)], {
    maxBuffer: 256 * 1024 * 1024,
  });
  return out
    .toString()
    .trim()
    .split('\n')
    .map((hex) => new Int16Array(new Uint8Array(Buffer.from(hex, 'hex')).buffer));
}

/** Quiet room noise, so the end of an answer is not digital silence. */
function noise(seconds) {
  const samples = new Int16Array(Math.round(seconds * SAMPLE_RATE));
  for (let i = 0; i < samples.length; i++) samples[i] = Math.round((Math.random() - 0.5) * 40);
  return samples;
}

function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime, stime, cutime, cstime (fields 14-17 of stat; 12-15 after the command name)
    return (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return 0;
  }
}

function sidecarPid(serverPid) {
  const children = readFileSync(`/proc/${serverPid}/task/${serverPid}/children`, 'utf8').trim().split(/\s+/);
  return children.find((pid) => pid && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('sidecar.py'));
}

async function startServer() {
  const data = mkdtempSync(join(tmpdir(), 'hirelane-interviews-'));
  const port = await freePort();
  const env = {
    ...process.env,
    HIRELANE__DATA_DIR: data,
    HIRELANE__SERVER__PORT: String(port),
    HIRELANE__SERVER__OPS_ADDRESS: '127.0.0.1:0',
    HIRELANE__LOG__LEVEL: 'warn',
    HIRELANE__VOICE__PROVIDER: 'selfhosted',
    HIRELANE__WEB__DIST_DIR: join(data, 'no-web'),
    HIRELANE_TEST_CLOCK: '1',
  };
  execFileSync(binary, ['user', 'add', 'bench@example.com', 'Bench Runner'], { env, stdio: 'ignore' });
  const server = spawn(binary, ['serve'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 1200; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { server, base, data, token: null };
}

/** Signs the bench recruiter in (again after the test clock moved past the token's life). */
async function signIn(ctx) {
  const mailed = new Set(readdirSync(join(ctx.data, 'outbox')));
  await fetch(`${ctx.base}/api/auth/requestotp?email=bench@example.com&retry=false`, { method: 'POST' });
  let code;
  for (let i = 0; i < 100 && !code; i++) {
    for (const file of readdirSync(join(ctx.data, 'outbox')).filter((f) => !mailed.has(f))) {
      code = /sign-in code is (\d{6})/.exec(readFileSync(join(ctx.data, 'outbox', file), 'utf8'))?.[1] ?? code;
    }
    if (!code) await new Promise((r) => setTimeout(r, 100));
  }
  const session = await (
    await fetch(`${ctx.base}/api/auth/verifyotp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench@example.com', otpCode: code }),
    })
  ).json();
  ctx.token = session.data.token;
}

async function api(ctx, method, path, body, form) {
  const response = await fetch(`${ctx.base}${path}`, {
    method,
    headers: { authorization: `Bearer ${ctx.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : form,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** N booked interviews at 12:00 UTC on the server's test day, the clock moved to 11:58. */
async function interviews(ctx, n, round) {
  const day = new Date(Date.UTC(2030, 0, 7 + round));
  const at = new Date(day.getTime() + 12 * 3600 * 1000);
  await fetch(`${ctx.base}/_test/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ set: new Date(day.getTime() + 9 * 3600 * 1000).toISOString() }),
  });
  await signIn(ctx);
  const jd = await api(ctx, 'POST', '/api/Drive/CreateJobFolder', {
    jdname: `Platform Engineer ${round}`,
    jddescription: '<p>Run our services.</p>',
    keySkills: 'Python, SQL, Docker',
    experience: '3+ years',
    resumeRequired: false,
  });
  const csv = ['Name,Email,Phone', ...Array.from({ length: n }, (_, i) => `Bench ${round}-${i},bench${round}-${i}@example.com,+919800000${String(i).padStart(3, '0')}`)].join('\n');
  const form = new FormData();
  form.append('csvFile', new Blob([csv]), 'c.csv');
  await api(ctx, 'POST', `/api/Drive/UploadCandidatesCsv?jobDescId=${jd.jobDescId}`, null, form);
  const rows = await api(ctx, 'GET', `/api/Drive/ViewJDResumes?JdID=${jd.jobDescId}`);
  const assistant = await api(ctx, 'POST', '/api/Voice/assistants', {
    assistantName: 'Bench screen',
    candidateName: 'Candidate',
    role: 'Platform Engineer',
    experience: '3 years',
    interviewTime: '15',
    topics: [],
    questions: [
      'Tell me about a service you run',
      'How do you find a slow query',
      'What would you change about your last project',
    ].slice(0, questions),
    tools: [],
  });
  await api(ctx, 'POST', '/api/Interview/SendInvites', {
    jobDescId: jd.jobDescId,
    assistantId: assistant.id,
    resumeIds: rows.map((r) => r.resumeId),
  });
  const tokens = [];
  for (const file of readdirSync(join(ctx.data, 'outbox'))) {
    const text = readFileSync(join(ctx.data, 'outbox', file), 'utf8').replace(/=\r?\n/g, '');
    const match = /nextstep\?inviteId=3D([A-Za-z0-9_-]+)|nextstep\?inviteId=([A-Za-z0-9_-]+)/.exec(text);
    if (match && text.includes(`bench${round}-`)) tokens.push(match[1] ?? match[2]);
  }
  for (const invite of tokens) {
    await api(ctx, 'POST', '/api/Interview/ScheduleInterview', {
      inviteId: invite,
      candidateName: 'x',
      JobRole: 'x',
      interviewStartUtc: at.toISOString(),
      timeZoneName: 'UTC',
      gmtValue: 'GMT+00:00',
    });
  }
  await fetch(`${ctx.base}/_test/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ set: new Date(at.getTime() - 120 * 1000).toISOString() }),
  });
  return [...new Set(tokens)];
}

/**
 * One candidate's interview in real time; resolves to the latencies of their answers and of the
 * greeting. With `flood`, each answer is instead `flood` seconds of speech sent at once (no
 * latency is measured); `onFlood` is called as the first one is sent.
 */
async function take(ctx, invite, answers, { flood: floodSeconds = null, onFlood = () => {} } = {}) {
  const call = await (await fetch(`${ctx.base}/api/Interview/WebCall/${invite}`, { method: 'POST' })).json();
  const opened = performance.now();
  const socket = new WebSocket(`${ctx.base.replace('http', 'ws')}${call.webCallUrl}?token=${call.callToken}`);
  socket.binaryType = 'arraybuffer';
  const latencies = [];
  // From the last word to the first audio of the line after the acknowledgement.
  const lines = [];
  const breakdowns = [];
  let greeting = null;
  let turn = 0;
  let answerEnded = null;
  let captured = false;
  let lastWord = null;
  let lineCaptioned = false;
  return new Promise((resolve, reject) => {
    socket.onerror = (e) => reject(new Error(`socket: ${e.message ?? e}`));
    socket.onmessage = async (event) => {
      if (typeof event.data !== 'string') {
        greeting ??= (performance.now() - opened) / 1000;
        if (answerEnded !== null && !captured) {
          latencies.push((performance.now() - answerEnded) / 1000);
          captured = true;
          answerEnded = null;
        }
        if (lineCaptioned && lastWord !== null) {
          lines.push((performance.now() - lastWord) / 1000);
          lastWord = null;
        }
        lineCaptioned = false;
        return;
      }
      const message = JSON.parse(event.data);
      if (message.type === 'latency') breakdowns.push(message);
      if (message.type === 'caption') {
        lineCaptioned = message.kind !== 'acknowledgement';
        socket.send(JSON.stringify({ type: 'played' }));
      }
      if (message.type === 'state' && message.state === 'listening') {
        const answer = answers[Math.min(turn, answers.length - 1)];
        turn += 1;
        if (floodSeconds !== null) {
          // The same answer over and over, far faster than anyone speaks, then "I'm done".
          const audio = new Int16Array(Math.round(floodSeconds * SAMPLE_RATE));
          for (let at = 0; at < audio.length; at += answer.length) audio.set(answer.subarray(0, audio.length - at), at);
          onFlood();
          for (let i = 0; i * FRAME < audio.length && socket.readyState === WebSocket.OPEN; i++) {
            socket.send(audio.slice(i * FRAME, (i + 1) * FRAME).buffer);
          }
          if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: 'done' }));
          return;
        }
        const quiet = noise(2);
        const audio = new Int16Array(answer.length + quiet.length);
        audio.set(answer);
        audio.set(quiet, answer.length);
        // The last word: the last frame with speech in it.
        let last = answer.length - 1;
        while (last > 0 && Math.abs(answer[last]) < SPEECH_LEVEL) last -= 1;
        const endFrame = Math.floor(last / FRAME);
        const start = performance.now();
        for (let i = 0; i * FRAME < audio.length; i++) {
          if (socket.readyState !== WebSocket.OPEN) return;
          socket.send(audio.slice(i * FRAME, (i + 1) * FRAME).buffer);
          const due = start + ((i + 1) * FRAME * 1000) / SAMPLE_RATE;
          await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
          if (i === endFrame) {
            answerEnded = performance.now();
            lastWord = answerEnded;
            captured = false;
          }
        }
      }
      if (message.type === 'ended') {
        socket.close();
        resolve({ latencies, lines, breakdowns, greeting });
      }
    };
  });
}

/** Samples /healthz every 200 ms until `stop()`; resolves to the latencies in ms. */
function sampleHealth(ctx) {
  let running = true;
  const samples = [];
  const done = (async () => {
    while (running) {
      const started = performance.now();
      await fetch(`${ctx.base}/healthz`);
      samples.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 200));
    }
    return samples;
  })();
  return () => {
    running = false;
    return done;
  };
}

/** The flood rounds: the measured candidate alone, then beside one who floods. */
async function floodRounds(ctx) {
  const out = [];
  for (const [round, flooding] of [false, true].entries()) {
    const invites = await interviews(ctx, flooding ? 2 : 1, 10 + round);
    const stop = sampleHealth(ctx);
    let measured;
    if (flooding) {
      let started;
      const floodBegan = new Promise((r) => (started = r));
      const flooder = take(ctx, invites[1], answers, { flood, onFlood: () => started() });
      await floodBegan;
      measured = await take(ctx, invites[0], answers);
      await flooder;
    } else {
      measured = await take(ctx, invites[0], answers);
    }
    const health = await stop();
    out.push({
      flood_seconds_per_answer: flooding ? flood : 0,
      greeting_s: Number(measured.greeting.toFixed(2)),
      latency_median_s: Number(percentile(measured.latencies, 50).toFixed(2)),
      latency_max_s: Number(Math.max(...measured.latencies).toFixed(2)),
      healthz_samples: health.length,
      healthz_p95_ms: Number(percentile(health, 95).toFixed(1)),
      healthz_max_ms: Number(Math.max(...health).toFixed(1)),
    });
    console.error(JSON.stringify(out.at(-1)));
  }
  return out;
}

/** Median and p95 of each stage of the server's breakdowns, in ms. */
function stages(breakdowns) {
  return Object.fromEntries(
    STAGES.map((stage) => {
      const values = breakdowns.map((b) => b[stage]);
      return [stage, { p50: percentile(values, 50), p95: percentile(values, 95) }];
    }),
  );
}

const load = () => Number(loadavg()[0].toFixed(2));

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const answers = synthesize(ANSWERS);
const ctx = await startServer();
const sidecar = sidecarPid(ctx.server.pid);
const results = [];
try {
  if (flood !== null) results.push(...(await floodRounds(ctx)));
  for (const [round, n] of (flood === null ? rounds : []).entries()) {
    const invites = await interviews(ctx, n, round);
    const loadBefore = load();
    const cpuBefore = cpuSeconds(ctx.server.pid) + (sidecar ? cpuSeconds(sidecar) : 0);
    const wallStart = performance.now();
    const all = await Promise.all(
      invites.map(async (invite, i) => {
        await new Promise((r) => setTimeout(r, i * stagger * 1000));
        return take(ctx, invite, answers);
      }),
    );
    const wall = (performance.now() - wallStart) / 1000;
    const cpu = cpuSeconds(ctx.server.pid) + (sidecar ? cpuSeconds(sidecar) : 0) - cpuBefore;
    const latencies = all.flatMap((one) => one.latencies);
    const lines = all.flatMap((one) => one.lines);
    const breakdowns = all.flatMap((one) => one.breakdowns);
    results.push({
      concurrent: n,
      load_before: loadBefore,
      load_after: load(),
      answers: latencies.length,
      latency_median_s: Number(percentile(latencies, 50).toFixed(2)),
      latency_p95_s: Number(percentile(latencies, 95).toFixed(2)),
      next_line_median_s: Number(percentile(lines, 50).toFixed(2)),
      next_line_p95_s: Number(percentile(lines, 95).toFixed(2)),
      wall_s: Number(wall.toFixed(1)),
      cpu_s: Number(cpu.toFixed(1)),
      cpu_per_interview_s: Number((cpu / n).toFixed(1)),
      cores_busy: Number((cpu / wall).toFixed(2)),
      server_stages_ms: stages(breakdowns),
    });
    console.error(JSON.stringify(results.at(-1)));
  }
} finally {
  ctx.server.kill('SIGTERM');
  await new Promise((r) => ctx.server.once('exit', r));
  rmSync(ctx.data, { recursive: true, force: true });
}
console.log(JSON.stringify({ questions, stagger, flood, cpus: (await import('node:os')).cpus().length, rounds: results }, null, 2));
