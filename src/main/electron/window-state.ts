/**
 * The window's size, position and maximised state, remembered between runs and restored so that
 * the window is always reachable: a window saved on a monitor that is gone, or larger than the
 * screens now attached, is moved and shrunk onto one. Pure functions of the saved value and the
 * displays, so the off-screen cases are tested without Electron.
 */

/** A rectangle in screen coordinates (Electron's `Rectangle`). */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What is remembered. */
export interface WindowState {
  bounds: Rect;
  maximized: boolean;
}

/** The window's smallest size (as `createMainWindow` sets it). */
export const MIN_SIZE = { width: 720, height: 480 } as const;

/** The size of a first window, before anything was remembered. */
export const DEFAULT_SIZE = { width: 1280, height: 820 } as const;

/** How much of the window's top edge must lie on a screen to count as reachable (its title bar). */
const VISIBLE_EDGE = { width: 120, height: 32 } as const;

/**
 * The state to open with: `saved` (anything read from disk) corrected for `workAreas` (each
 * display's work area, the primary first). Null position means "let the system centre it".
 */
export function restoreWindowState(saved: unknown, workAreas: readonly Rect[]): { bounds: Partial<Rect> & { width: number; height: number }; maximized: boolean } {
  const primary = workAreas[0] ?? { x: 0, y: 0, width: DEFAULT_SIZE.width, height: DEFAULT_SIZE.height };
  const state = parseState(saved);
  if (!state) return { bounds: fitSize(DEFAULT_SIZE, primary), maximized: false };
  const onScreen = workAreas.find((area) => titleBarVisible(state.bounds, area));
  if (onScreen) {
    const size = fitSize(state.bounds, onScreen);
    return { bounds: { ...size, ...clampPosition({ ...state.bounds, ...size }, onScreen) }, maximized: state.maximized };
  }
  // Off every screen (a monitor was unplugged): same size if it fits, centred on the primary one.
  const size = fitSize(state.bounds, primary);
  return {
    bounds: { ...size, x: primary.x + Math.round((primary.width - size.width) / 2), y: primary.y + Math.round((primary.height - size.height) / 2) },
    maximized: state.maximized,
  };
}

/** The state to save for a window with `bounds` (its normal bounds when maximised). */
export function captureWindowState(bounds: Rect, maximized: boolean): WindowState {
  return { bounds: { x: Math.round(bounds.x), y: Math.round(bounds.y), width: Math.round(bounds.width), height: Math.round(bounds.height) }, maximized };
}

function parseState(value: unknown): WindowState | null {
  if (typeof value !== 'object' || value === null) return null;
  const { bounds, maximized } = value as { bounds?: Partial<Record<keyof Rect, unknown>>; maximized?: unknown };
  if (typeof bounds !== 'object' || bounds === null) return null;
  const numbers = [bounds.x, bounds.y, bounds.width, bounds.height];
  if (!numbers.every((n) => typeof n === 'number' && Number.isFinite(n) && Math.abs(n) < 1e6)) return null;
  const [x, y, width, height] = numbers as number[];
  if ((width as number) <= 0 || (height as number) <= 0) return null;
  return { bounds: { x: x as number, y: y as number, width: width as number, height: height as number }, maximized: maximized === true };
}

/** `size` no larger than `area` and no smaller than the minimum. */
function fitSize(size: { width: number; height: number }, area: Rect): { width: number; height: number } {
  return {
    width: Math.round(Math.max(MIN_SIZE.width, Math.min(size.width, area.width))),
    height: Math.round(Math.max(MIN_SIZE.height, Math.min(size.height, area.height))),
  };
}

/** True when enough of the window's top edge lies in `area` to grab it. */
function titleBarVisible(bounds: Rect, area: Rect): boolean {
  const left = Math.max(bounds.x, area.x);
  const right = Math.min(bounds.x + bounds.width, area.x + area.width);
  const top = Math.max(bounds.y, area.y);
  const bottom = Math.min(bounds.y + VISIBLE_EDGE.height, area.y + area.height);
  return right - left >= VISIBLE_EDGE.width && bottom - top >= VISIBLE_EDGE.height && bounds.y >= area.y - VISIBLE_EDGE.height;
}

/** The window's position moved so it lies wholly inside `area` (its size already fits). */
function clampPosition(bounds: Rect, area: Rect): { x: number; y: number } {
  return {
    x: Math.round(Math.min(Math.max(bounds.x, area.x), area.x + area.width - bounds.width)),
    y: Math.round(Math.min(Math.max(bounds.y, area.y), area.y + area.height - bounds.height)),
  };
}
