import { describe, expect, it } from 'vitest';
import { captureWindowState, DEFAULT_SIZE, restoreWindowState } from './window-state';

const laptop = { x: 0, y: 0, width: 1440, height: 875 };
const rightMonitor = { x: 1440, y: 0, width: 2560, height: 1415 };

describe('restoring the window', () => {
  it('uses the default size, centred by the system, when nothing was saved or it is damaged', () => {
    for (const saved of [undefined, null, 'x', {}, { bounds: { x: 'a', y: 0, width: 1, height: 1 } }, { bounds: { x: 0, y: 0, width: -5, height: 10 } }, { bounds: { x: Infinity, y: 0, width: 800, height: 600 } }]) {
      expect(restoreWindowState(saved, [laptop])).toEqual({ bounds: DEFAULT_SIZE, maximized: false });
    }
  });

  it('restores a window that is on screen exactly, maximised or not', () => {
    const saved = { bounds: { x: 100, y: 80, width: 1000, height: 700 }, maximized: true };
    expect(restoreWindowState(saved, [laptop])).toEqual(saved);
    const onSecond = { bounds: { x: 1600, y: 100, width: 1800, height: 1200 }, maximized: false };
    expect(restoreWindowState(onSecond, [laptop, rightMonitor])).toEqual(onSecond);
  });

  it('moves a window from an unplugged monitor onto the primary one, centred and shrunk to fit', () => {
    const saved = { bounds: { x: 1600, y: 100, width: 1800, height: 1200 }, maximized: false };
    expect(restoreWindowState(saved, [laptop])).toEqual({ bounds: { x: 0, y: 0, width: 1440, height: 875 }, maximized: false });
    const small = { bounds: { x: 3000, y: 200, width: 800, height: 600 }, maximized: true };
    expect(restoreWindowState(small, [laptop])).toEqual({ bounds: { x: 320, y: 138, width: 800, height: 600 }, maximized: true });
  });

  it.each([
    ['above the screen', { x: 100, y: -500, width: 900, height: 600 }],
    ['left of the screen', { x: -2000, y: 100, width: 900, height: 600 }],
    ['only a sliver showing at the right', { x: 1400, y: 100, width: 900, height: 600 }],
    ['below the screen', { x: 100, y: 2000, width: 900, height: 600 }],
  ])('brings back a window %s', (_case, bounds) => {
    const restored = restoreWindowState({ bounds, maximized: false }, [laptop]).bounds as { x: number; y: number; width: number; height: number };
    expect(restored.x).toBeGreaterThanOrEqual(laptop.x);
    expect(restored.y).toBeGreaterThanOrEqual(laptop.y);
    expect(restored.x + restored.width).toBeLessThanOrEqual(laptop.x + laptop.width);
    expect(restored.y + restored.height).toBeLessThanOrEqual(laptop.y + laptop.height);
  });

  it('keeps a partly visible window on the screen it is on, pulled fully inside', () => {
    const saved = { bounds: { x: 1000, y: 100, width: 900, height: 600 }, maximized: false };
    expect(restoreWindowState(saved, [laptop])).toEqual({ bounds: { x: 540, y: 100, width: 900, height: 600 }, maximized: false });
  });

  it('never makes a window smaller than its minimum size', () => {
    const saved = { bounds: { x: 10, y: 10, width: 100, height: 50 }, maximized: false };
    expect(restoreWindowState(saved, [laptop]).bounds).toMatchObject({ width: 720, height: 480 });
  });

  it('captures whole pixels', () => {
    expect(captureWindowState({ x: 10.4, y: 20.6, width: 1000.2, height: 700.7 }, false)).toEqual({ bounds: { x: 10, y: 21, width: 1000, height: 701 }, maximized: false });
  });
});
