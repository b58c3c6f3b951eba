/**
 * Sound effects as short WebAudio tones made in code: no audio files to download. Sound is off
 * until the player turns it on (the AudioContext is created on that click, which browsers
 * require anyway).
 */
export type SoundName = "spin" | "stop" | "win" | "bigwin" | "chip" | "error" | "card" | "tick";

type Tone = { freq: number; ms: number; type?: OscillatorType; gain?: number; delay?: number };

const SOUNDS: Record<SoundName, Tone[]> = {
  spin: [{ freq: 220, ms: 60, type: "triangle" }],
  stop: [{ freq: 330, ms: 40, type: "square", gain: 0.05 }],
  chip: [{ freq: 880, ms: 30, type: "sine" }],
  card: [{ freq: 520, ms: 35, type: "triangle" }],
  tick: [{ freq: 1200, ms: 15, type: "sine", gain: 0.04 }],
  error: [
    { freq: 200, ms: 120, type: "sawtooth", gain: 0.05 },
    { freq: 150, ms: 160, type: "sawtooth", gain: 0.05, delay: 130 },
  ],
  win: [
    { freq: 523, ms: 90 },
    { freq: 659, ms: 90, delay: 100 },
    { freq: 784, ms: 140, delay: 200 },
  ],
  bigwin: [
    { freq: 523, ms: 90 },
    { freq: 659, ms: 90, delay: 100 },
    { freq: 784, ms: 90, delay: 200 },
    { freq: 1047, ms: 260, delay: 300 },
  ],
};

export type SoundPlayer = { enabled: boolean; setEnabled(on: boolean): void; play(name: SoundName): void };

export function createSoundPlayer(): SoundPlayer {
  let context: AudioContext | null = null;
  const player: SoundPlayer = {
    enabled: false,
    setEnabled(on) {
      player.enabled = on;
      if (on && !context && typeof AudioContext !== "undefined") context = new AudioContext();
      if (on && context?.state === "suspended") void context.resume();
    },
    play(name) {
      if (!player.enabled || !context) return;
      const now = context.currentTime;
      for (const tone of SOUNDS[name]) {
        const start = now + (tone.delay ?? 0) / 1000;
        const end = start + tone.ms / 1000;
        const osc = context.createOscillator();
        const gain = context.createGain();
        osc.type = tone.type ?? "sine";
        osc.frequency.value = tone.freq;
        gain.gain.setValueAtTime(tone.gain ?? 0.08, start);
        // Ramp to near silence instead of cutting off: a hard stop clicks.
        gain.gain.exponentialRampToValueAtTime(0.0001, end);
        osc.connect(gain).connect(context.destination);
        osc.start(start);
        osc.stop(end + 0.02);
      }
    },
  };
  return player;
}
