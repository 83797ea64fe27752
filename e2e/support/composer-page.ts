import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The accessible names the page uses, which follow the UI language (English by default). */
export interface ComposerNames {
  prompt: string;
  preview: string;
  conversation: string;
}

/** The English names of docs/contract.md "Accessible names". */
export const ENGLISH_NAMES: ComposerNames = { prompt: 'Prompt', preview: 'Preview', conversation: 'Conversation' };

/** Locators and actions on the composer page shared by the specs (docs/contract.md "Accessible names"). */
export function composerPage(page: Page, names: ComposerNames = ENGLISH_NAMES) {
  const prompt = () => page.getByRole('textbox', { name: names.prompt });
  const preview = () => page.getByRole('region', { name: names.preview });
  const conversation = () => page.getByRole('region', { name: names.conversation });

  /**
   * Waits until the expansion of the current text arrived (the preview is no longer busy). The bound
   * is for a hung page on a busy machine (documents start their reader first), not a speed claim.
   */
  async function settle(): Promise<void> {
    await expect.poll(() => preview().getAttribute('aria-busy'), { timeout: 60_000 }).toBe('false');
  }

  async function clearPrompt(): Promise<void> {
    // Focus, not a click: a chip card may sit over the text (Escape would close it; Ctrl+A does not care).
    await prompt().focus();
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Escape');
    await settle();
  }

  /** Types `text` (closing any completion list) and waits for its expansion. */
  async function write(text: string): Promise<void> {
    await prompt().click();
    await page.keyboard.type(text);
    await page.keyboard.press('Escape');
    await settle();
  }

  /** The latest run in the conversation. */
  const lastTurn = () => conversation().locator('li.turn').last();

  return { prompt, preview, conversation, settle, clearPrompt, write, lastTurn };
}
