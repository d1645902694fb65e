import { describe, expect, it } from 'vitest';

import { advanceInterview, initialInterview, parseServerMessage, progressText, socketUrl } from './interview-protocol';
import type { InterviewEvent, InterviewState, ServerMessage } from './interview-protocol';

describe('the server’s messages', () => {
  it('reads each kind the engine sends', () => {
    expect(parseServerMessage('{"type":"state","state":"listening"}')).toEqual({ type: 'state', state: 'listening' });
    expect(parseServerMessage('{"type":"caption","text":"How do you test?","step":3,"steps":5}')).toEqual({
      type: 'caption',
      text: 'How do you test?',
      step: 3,
      steps: 5,
    });
    expect(parseServerMessage('{"type":"heard","text":"With pytest."}')).toEqual({ type: 'heard', text: 'With pytest.' });
    expect(parseServerMessage('{"type":"ended"}')).toEqual({ type: 'ended' });
  });

  it('ignores what it does not know instead of failing', () => {
    for (const text of [
      'not json',
      'null',
      '"ended"',
      '{"type":"state","state":"dancing"}',
      '{"type":"caption","text":"Hi","step":"1","steps":2}',
      '{"type":"caption","text":"Hi","step":1.5,"steps":2}',
      '{"type":"heard"}',
      '{"type":"volume","level":3}',
    ]) {
      expect(parseServerMessage(text), text).toBeNull();
    }
  });
});

describe('the socket address', () => {
  it('is the path on this origin, as ws or wss, with the token', () => {
    expect(socketUrl('/api/Interview/Voice/inv-1', 'tok', 'http://127.0.0.1:8080/interview/join/inv-1')).toBe(
      'ws://127.0.0.1:8080/api/Interview/Voice/inv-1?token=tok',
    );
    expect(socketUrl('/api/Interview/Voice/inv-1', 'a+b/c=', 'https://jobs.example.com/interview/join/inv-1?x=1')).toBe(
      'wss://jobs.example.com/api/Interview/Voice/inv-1?token=a%2Bb%2Fc%3D',
    );
  });
});

describe('the interview’s progress in words', () => {
  it('counts the steps between the greeting and the closing as questions', () => {
    expect(progressText(1, 5)).toBe('Introduction');
    expect(progressText(2, 5)).toBe('Question 1 of 3');
    expect(progressText(4, 5)).toBe('Question 3 of 3');
    expect(progressText(5, 5)).toBe('Closing');
    expect(progressText(null, null)).toBeNull();
    expect(progressText(0, 5)).toBeNull();
  });
});

/** Runs events from `state`, collecting the `played` messages the page would send. */
function run(events: InterviewEvent[], state: InterviewState = initialInterview) {
  let played = 0;
  for (const event of events) {
    const next = advanceInterview(state, event);
    state = next.state;
    if (next.sendPlayed) played += 1;
  }
  return { state, played };
}

const message = (m: ServerMessage): InterviewEvent => ({ type: 'message', message: m });
const speaking = message({ type: 'state', state: 'speaking' });
const listening = message({ type: 'state', state: 'listening' });
const thinking = message({ type: 'state', state: 'thinking' });
const caption = message({ type: 'caption', text: 'Tell me about a service you run?', step: 2, steps: 4 });
const audio: InterviewEvent = { type: 'audio' };
const drained: InterviewEvent = { type: 'drained' };

describe('the interview state machine', () => {
  it('says played once, when the turn’s audio has finished playing', () => {
    const { state, played } = run([speaking, caption, audio, audio, audio, drained]);
    expect(played).toBe(1);
    expect(state).toMatchObject({ turn: 'speaking', caption: 'Tell me about a service you run?', step: 2, steps: 4 });
    expect(state.awaitingPlayback).toBe(false);
    // Running dry again (nothing more was queued) is not a second `played`.
    expect(run([speaking, audio, drained, drained]).played).toBe(1);
  });

  it('waits for the audio: a turn with none yet has not played', () => {
    expect(run([speaking, caption, drained]).played).toBe(0);
    expect(run([speaking, caption, drained, audio, drained]).played).toBe(1);
  });

  it('does not count audio left over from before the turn', () => {
    // Audio with no turn under way, then a turn starts: that turn still needs its own audio.
    expect(run([audio, speaking, drained]).played).toBe(0);
  });

  it('follows the turns: listening, then thinking, then the next question', () => {
    let { state } = run([speaking, caption, audio, drained, listening]);
    expect(state.turn).toBe('listening');
    ({ state } = run([thinking], state));
    expect(state.turn).toBe('thinking');
    const next = run([speaking, message({ type: 'caption', text: 'How do you test?', step: 3, steps: 4 })], state);
    expect(next.state).toMatchObject({ turn: 'speaking', caption: 'How do you test?', step: 3, awaitingPlayback: true });
  });

  it('stops waiting for playback once the server listens without it (its grace ran out)', () => {
    const { state, played } = run([speaking, audio, listening, drained]);
    expect(played).toBe(0);
    expect(state.turn).toBe('listening');
  });

  it('forgets the turn when the socket drops; the step is asked again on the new one', () => {
    const dropped = run([speaking, caption, audio, { type: 'dropped' }]);
    expect(dropped.state).toMatchObject({ turn: null, awaitingPlayback: false, caption: 'Tell me about a service you run?' });
    expect(run([drained], dropped.state).played).toBe(0);
    expect(run([speaking, caption, audio, drained], dropped.state).played).toBe(1);
  });

  it('ends, and nothing after the end changes it', () => {
    const { state } = run([speaking, audio, drained, message({ type: 'ended' })]);
    expect(state).toMatchObject({ ended: true, turn: null });
    const after = run([speaking, audio, drained], state);
    expect(after.state).toBe(state);
    expect(after.played).toBe(0);
  });

  it('keeps the same state object when nothing changed (no needless re-render)', () => {
    const { state } = run([speaking, audio, drained]);
    expect(advanceInterview(state, drained).state).toBe(state);
    expect(advanceInterview(state, message({ type: 'heard', text: 'Yes.' })).state).toBe(state);
  });
});
