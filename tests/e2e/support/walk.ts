/**
 * A staff task walked as a person does it (docs/product.md 5.4): every press and every typed
 * field goes through a Walk, which counts them, and the page counts how far it scrolled to
 * bring each control into view (Playwright scrolls a control into view before pressing it, as a
 * person scrolls to reach it). Each step leaves a screenshot to be looked at.
 */
import type { Locator, Page, TestInfo } from "@playwright/test";

export interface WalkFigures {
  task: string;
  width: number;
  clicks: number;
  fieldsTyped: number;
  scrolls: number;
  scrollDistance: number;
  screenshots: string[];
}

declare global {
  interface Window {
    __walkScroll?: { distance: number; scrolls: number; last: number; lastAt: number };
  }
}

/** Installed before every document: sums |Δ scrollY|; a pause of 300 ms starts a new scroll. */
function countScrolling(): void {
  const state = { distance: 0, scrolls: 0, last: window.scrollY, lastAt: -Infinity };
  window.__walkScroll = state;
  window.addEventListener(
    "scroll",
    () => {
      const now = performance.now();
      state.distance += Math.abs(window.scrollY - state.last);
      state.last = window.scrollY;
      if (now - state.lastAt > 300) state.scrolls += 1;
      state.lastAt = now;
    },
    { passive: true },
  );
}

export async function countScrollingIn(page: Page): Promise<void> {
  await page.addInitScript(countScrolling);
}

export class Walk {
  private clicks = 0;
  private fieldsTyped = 0;
  private scrolls = 0;
  private scrollDistance = 0;
  private readonly screenshots: string[] = [];
  private step = 0;

  constructor(
    private readonly page: Page,
    private readonly task: string,
    private readonly testInfo: TestInfo,
  ) {}

  /** Adds what the current document scrolled so far (before it is left or the walk ends). */
  private async collectScroll(): Promise<void> {
    const state = await this.page.evaluate(() => {
      const current = window.__walkScroll ?? { distance: 0, scrolls: 0 };
      const taken = { distance: current.distance, scrolls: current.scrolls };
      if (window.__walkScroll) {
        window.__walkScroll.distance = 0;
        window.__walkScroll.scrolls = 0;
      }
      return taken;
    });
    this.scrollDistance += state.distance;
    this.scrolls += state.scrolls;
  }

  async click(target: Locator): Promise<void> {
    await this.collectScroll();
    await target.scrollIntoViewIfNeeded();
    await this.collectScroll();
    this.clicks += 1;
    await target.click();
  }

  /** A press that opens a confirmation the person accepts: two presses. */
  async clickAndConfirm(target: Locator): Promise<void> {
    this.page.once("dialog", (dialog) => void dialog.accept());
    await this.click(target);
    this.clicks += 1;
  }

  async fill(target: Locator, value: string): Promise<void> {
    await this.collectScroll();
    await target.scrollIntoViewIfNeeded();
    await this.collectScroll();
    this.clicks += 1;
    this.fieldsTyped += 1;
    await target.click();
    await target.fill(value);
  }

  /** A press that opens a new tab (the preview); the tab is looked at and closed (one press). */
  async openTab(target: Locator): Promise<Page> {
    const [tab] = await Promise.all([this.page.context().waitForEvent("page"), this.click(target)]);
    await tab.setViewportSize(this.page.viewportSize()!);
    await tab.waitForLoadState();
    return tab;
  }

  async closeTab(tab: Page): Promise<void> {
    this.clicks += 1;
    await tab.close();
  }

  async shot(name: string, page: Page = this.page): Promise<void> {
    this.step += 1;
    const width = this.page.viewportSize()!.width;
    const file = this.testInfo.outputPath(
      `${this.task}-${width}-${String(this.step).padStart(2, "0")}-${name}.png`,
    );
    await page.screenshot({ path: file });
    this.screenshots.push(file);
  }

  async figures(): Promise<WalkFigures> {
    await this.collectScroll();
    return {
      task: this.task,
      width: this.page.viewportSize()!.width,
      clicks: this.clicks,
      fieldsTyped: this.fieldsTyped,
      scrolls: this.scrolls,
      scrollDistance: Math.round(this.scrollDistance),
      screenshots: this.screenshots,
    };
  }
}
