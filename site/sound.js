// Quiet sounds for a move and a capture, made on the spot (no sound files); off until the
// player turns them on.

export const sound = {
  ctx: null,
  play(kind) {
    const AC = window.AudioContext || window.webkitAudioContext;
    if (!AC) return;
    this.ctx = this.ctx || new AC();
    const notes = kind === "capture" ? [[520, 0], [390, 0.07]] : [[640, 0]];
    for (const [freq, at] of notes) {
      const osc = this.ctx.createOscillator(), gain = this.ctx.createGain(), t = this.ctx.currentTime + at;
      osc.frequency.value = freq; osc.type = "triangle";
      gain.gain.setValueAtTime(0.06, t); gain.gain.exponentialRampToValueAtTime(0.0001, t + 0.09);
      osc.connect(gain).connect(this.ctx.destination); osc.start(t); osc.stop(t + 0.1);
    }
  },
};
