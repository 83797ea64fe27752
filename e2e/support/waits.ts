import type { BrowserContext, Page } from 'playwright-core';

/**
 * How long an end-to-end step may wait for the page before it counts as failed. These are bounds
 * for a hung page on a busy machine (the suite must pass beside three CPU-bound processes, see
 * CONTRIBUTING.md), never speed claims: speed is measured in bench/.
 */

/** Playwright's wait for an element or an action (page.setDefaultTimeout). */
export const UI_WAIT_MS = 30_000;

/**
 * Opens `url` (a browser host's address) in a new page of `context` and waits until the window
 * shows the workspace `project` in its status named `workspaceName` (the UI language's word for
 * "Workspace"). Every Playwright wait of the page is bounded by {@link UI_WAIT_MS}.
 */
export async function openComposer(context: BrowserContext, url: string, workspaceName = 'Workspace'): Promise<Page> {
  const page = await context.newPage();
  page.setDefaultTimeout(UI_WAIT_MS);
  await page.goto(url);
  await page.getByRole('status', { name: workspaceName }).getByText('project', { exact: true }).waitFor();
  return page;
}
