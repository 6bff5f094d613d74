/**
 * A staff task walked as a person does it (docs/product.md 5.4): every press and every typed
 * field goes through a Walk, which counts them, and how far the person scrolled to bring each
 * control into view (Playwright scrolls a control into view before pressing it, as a person
 * scrolls to reach it). What the page scrolls by itself (a jump to a section, focus moved to a
 * message) is not the person's effort and is not counted. Each step leaves a screenshot.
 */
import type { Locator, Page, TestInfo } from "@playwright/test";

export interface WalkFigures {
  task: string;
  width: number;
  clicks: number;
  fieldsTyped: number;
  scrolls: number;
  scrollDistance: number;
  /** Each scroll the person made: what it reached and how far it went. */
  scrollsTo: string[];
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
  private readonly scrollsTo: string[] = [];
  private step = 0;

  constructor(
    private readonly page: Page,
    private readonly task: string,
    private readonly testInfo: TestInfo,
  ) {}

  /** What the current document scrolled since it was last asked, then starts again from zero. */
  private async takeScroll(): Promise<{ distance: number; scrolls: number }> {
    // Scroll events arrive on the next frames (and a smooth scroll takes a moment).
    await this.page.waitForTimeout(350);
    return this.page.evaluate(() => {
      const current = window.__walkScroll ?? { distance: 0, scrolls: 0 };
      const taken = { distance: current.distance, scrolls: current.scrolls };
      if (window.__walkScroll) {
        window.__walkScroll.distance = 0;
        window.__walkScroll.scrolls = 0;
      }
      return taken;
    });
  }

  /**
   * Scrolls `target` into view as the person would, counting that scroll as theirs; a control
   * already wholly in view (the sticky action bar) needs none.
   */
  private async reach(target: Locator): Promise<boolean> {
    await this.takeScroll(); // the page's own scrolling since the last step: not counted
    const inView = await target.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return (
        box.height > 0 &&
        box.top >= 0 &&
        box.left >= 0 &&
        box.bottom <= window.innerHeight &&
        box.right <= window.innerWidth
      );
    });
    if (inView) return true;
    await target.scrollIntoViewIfNeeded();
    const scrolled = await this.takeScroll();
    this.scrollDistance += scrolled.distance;
    this.scrolls += scrolled.scrolls;
    if (scrolled.distance > 0) {
      this.scrollsTo.push(`${Math.round(scrolled.distance)} px to ${target.toString()}`);
    }
    return false;
  }

  /**
   * Presses `target` where it is on the screen (Playwright's own click would scroll a sticky one),
   * once it has stopped moving and is what the pointer would hit there, as Playwright's click
   * checks: a layout shift between measuring and pressing would otherwise press something else.
   */
  private async press(target: Locator, inView: boolean): Promise<void> {
    const fileInput = await target.evaluate(
      (element) => element instanceof HTMLInputElement && element.type === "file",
    );
    if (!inView || fileInput) return target.click();
    let last = "";
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const spot = await target.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const x = box.left + box.width / 2;
        const y = box.top + box.height / 2;
        const hit = document.elementFromPoint(x, y);
        return hit !== null && (hit === element || element.contains(hit)) ? `${x},${y}` : "";
      });
      if (spot !== "" && spot === last) {
        const [x, y] = spot.split(",").map(Number);
        return this.page.mouse.click(x!, y!);
      }
      last = spot;
      await this.page.waitForTimeout(100);
    }
    throw new Error(`${target.toString()} never stood still where it could be pressed`);
  }

  async click(target: Locator): Promise<void> {
    const inView = await this.reach(target);
    this.clicks += 1;
    await this.press(target, inView);
  }

  /** A press that opens a confirmation the person accepts: two presses. */
  async clickAndConfirm(target: Locator): Promise<void> {
    this.page.once("dialog", (dialog) => void dialog.accept());
    await this.click(target);
    this.clicks += 1;
  }

  async fill(target: Locator, value: string): Promise<void> {
    const inView = await this.reach(target);
    this.clicks += 1;
    this.fieldsTyped += 1;
    await this.press(target, inView);
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

  figures(): WalkFigures {
    return {
      task: this.task,
      width: this.page.viewportSize()!.width,
      clicks: this.clicks,
      fieldsTyped: this.fieldsTyped,
      scrolls: this.scrolls,
      scrollDistance: Math.round(this.scrollDistance),
      scrollsTo: this.scrollsTo,
      screenshots: this.screenshots,
    };
  }
}
