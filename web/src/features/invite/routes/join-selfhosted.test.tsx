import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { json, mockFetch } from '@/testing/fetch-mock';
import { renderPage } from '@/testing/render';

import type { InterviewAudioHandlers } from '../lib/interview-audio';
import { MIC_MESSAGES } from '../lib/microphone';
import { FakeSocket, selfHostedSession } from '../testing/fake-socket';
import { nextStepFixture, notFound } from '../testing/fixtures';
import { JoinRoute } from './join';

/** The microphone and speakers, which jsdom lacks: the test plays each piece by hand. */
const audio = vi.hoisted(() => ({
  handlers: null as InterviewAudioHandlers | null,
  pieces: [] as Array<() => void>,
  close: () => undefined,
  /** The microphone's refusal, when the test wants one. */
  refusal: null as string | null,
}));

vi.mock('../lib/interview-audio', async () => {
  const { PcmPlayer } = await import('../lib/pcm-player');
  return {
    openInterviewAudio: (handlers: InterviewAudioHandlers) => {
      if (audio.refusal) return Promise.reject(new Error(audio.refusal));
      audio.handlers = handlers;
      const player = new PcmPlayer(
        () => 0,
        (_samples, _at, onEnded) => {
          audio.pieces.push(onEnded);
          return { stop: () => undefined };
        },
        handlers.onPlayed,
      );
      return Promise.resolve({ player, close: audio.close });
    },
  };
});

const SOCKET = '/api/Interview/Voice/abc';
const invite = nextStepFixture({ showPageId: 2, interviewDateTime: '2026-11-25T10:00:00', timeZoneName: 'UTC' });

function server() {
  let tokens = 0;
  return mockFetch((call) => {
    if (call.url === '/api/Interview/NextStep/abc') return json(200, invite);
    if (call.url === '/api/Interview/WebCall/abc') return json(200, selfHostedSession(SOCKET, `tok-${++tokens}`));
    return json(404, notFound);
  });
}

const open = () => renderPage(<JoinRoute />, { path: '/interview/join/:inviteId', at: '/interview/join/abc' });
const socket = () => FakeSocket.made[FakeSocket.made.length - 1]!;
/** A message from the server, as React sees it. */
const say = (message: object) => act(() => socket().say(message));

vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  FakeSocket.made.length = 0;
  audio.pieces.length = 0;
  audio.handlers = null;
  audio.refusal = null;
  vi.stubGlobal('WebSocket', FakeSocket);
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

async function joinAndConsent() {
  const user = userEvent.setup();
  const page = open();
  await user.click(await screen.findByRole('checkbox', { name: /recorded and analysed/ }));
  await user.click(screen.getByRole('button', { name: 'Join Interview' }));
  return { user, ...page };
}

describe('join page with the self-hosted interviewer', () => {
  it('asks consent to an automated, recorded interview before the microphone opens', async () => {
    server();
    const { user } = await joinAndConsent();
    expect(await screen.findByRole('heading', { name: 'An automated interview' })).toBeInTheDocument();
    expect(screen.getByText(/not a person/)).toBeInTheDocument();
    expect(screen.getByText(/The interview is recorded/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Test microphone' })).toBeInTheDocument();
    const start = screen.getByRole('button', { name: 'Start interview' });
    expect(start).toBeDisabled();
    expect(audio.handlers).toBeNull();
    expect(FakeSocket.made).toHaveLength(0);
    await user.click(screen.getByRole('checkbox', { name: /automated and recorded/ }));
    expect(start).toBeEnabled();
  });

  it('runs the interview: captions, turns, I’m done, a reconnect, then the thank-you page', async () => {
    const { calls } = server();
    const { user, router } = await joinAndConsent();
    await user.click(await screen.findByRole('checkbox', { name: /automated and recorded/ }));
    await user.click(screen.getByRole('button', { name: 'Start interview' }));

    await waitFor(() => expect(FakeSocket.made).toHaveLength(1));
    expect(socket().url).toBe(`ws://localhost:3000${SOCKET}?token=tok-1`);
    act(() => socket().open());
    expect(screen.getByTestId('call-status')).toHaveTextContent('Interview in progress');

    // The greeting, then the first question: its caption, where it is, and whose turn.
    say({ type: 'state', state: 'speaking' });
    say({ type: 'caption', text: 'Hello Asha, are you ready?', step: 1, steps: 4 });
    expect(screen.getByTestId('interview-progress')).toHaveTextContent('Introduction');
    say({ type: 'state', state: 'listening' });
    say({ type: 'state', state: 'speaking' });
    say({ type: 'caption', text: 'Tell me about a service you run?', step: 2, steps: 4 });
    expect(screen.getByTestId('interview-caption')).toHaveTextContent('Tell me about a service you run?');
    expect(screen.getByTestId('interview-progress')).toHaveTextContent('Question 1 of 2');
    expect(screen.getByTestId('turn-state')).toHaveTextContent('Speaking…');
    expect(screen.queryByRole('button', { name: 'I’m done' })).not.toBeInTheDocument();
    act(() => socket().receive(new ArrayBuffer(3200)));
    act(() => audio.pieces.splice(0).forEach((ended) => ended()));
    expect(socket().sent).toContain('{"type":"played"}');

    say({ type: 'state', state: 'listening' });
    expect(screen.getByTestId('turn-state')).toHaveTextContent('Listening…');
    const done = screen.getByRole('button', { name: 'I’m done' });
    await user.click(done);
    expect(socket().sent).toContain('{"type":"done"}');
    expect(done).toBeDisabled();
    say({ type: 'state', state: 'thinking' });
    expect(screen.getByTestId('turn-state')).toHaveTextContent('Thinking…');

    // The connection drops: the page says so and comes back with a fresh token.
    act(() => socket().drop());
    expect(screen.getByTestId('call-status')).toHaveTextContent('Reconnecting…');
    await waitFor(() => expect(FakeSocket.made).toHaveLength(2));
    expect(socket().url).toContain('token=tok-2');
    expect(calls.filter((call) => call.url === '/api/Interview/WebCall/abc')).toHaveLength(2);
    act(() => socket().open());
    expect(screen.getByTestId('call-status')).toHaveTextContent('Interview in progress');

    say({ type: 'ended' });
    expect(screen.getByTestId('call-status')).toHaveTextContent('Interview ended');
    await waitFor(() => expect(router.state.location.pathname).toBe('/thank-you'), { timeout: 4000 });
  });

  it('says why the microphone cannot be used, and offers to try again', async () => {
    server();
    audio.refusal = MIC_MESSAGES.denied;
    const { user } = await joinAndConsent();
    await user.click(await screen.findByRole('checkbox', { name: /automated and recorded/ }));
    await user.click(screen.getByRole('button', { name: 'Start interview' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Microphone access was blocked.');
    expect(FakeSocket.made).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
  });
});
