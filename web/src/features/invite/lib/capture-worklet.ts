/**
 * The microphone's AudioWorklet for the self-hosted interview: runs on the audio thread, mixes
 * the input to mono, downsamples it from the context's rate to 16 kHz and posts 20 ms frames of
 * 16-bit little-endian PCM (each an ArrayBuffer of 640 bytes, transferred) to the page.
 * Loaded with `audioWorklet.addModule` from the URL Vite builds for it (`?worker&url`).
 */
import { CAPTURE_PROCESSOR, Downsampler, Framer, mixToMono } from './pcm';

// The AudioWorkletGlobalScope's names, which TypeScript's DOM library does not declare; declared
// here only, so the page's code cannot use them by mistake.
declare const sampleRate: number;
declare class AudioWorkletProcessor {
  readonly port: MessagePort;
}
declare function registerProcessor(name: string, processor: new () => AudioWorkletProcessor): void;

class CaptureProcessor extends AudioWorkletProcessor {
  private readonly downsampler = new Downsampler(sampleRate);
  private readonly framer = new Framer();

  process(inputs: Float32Array[][]): boolean {
    const channels = inputs[0];
    // An input with no channels is a microphone not delivering yet (or stopped): nothing to send.
    if (channels && channels.length > 0) {
      for (const frame of this.framer.push(this.downsampler.push(mixToMono(channels)))) {
        this.port.postMessage(frame, [frame]);
      }
    }
    // Keep running for as long as the page keeps the node.
    return true;
  }
}

registerProcessor(CAPTURE_PROCESSOR, CaptureProcessor);
