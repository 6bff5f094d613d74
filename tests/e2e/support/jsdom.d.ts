// The part of jsdom's API the e2e helpers use (the project has no @types/jsdom).
declare module "jsdom" {
  export interface ConstructorOptions {
    url?: string;
    contentType?: string;
  }
  export class JSDOM {
    constructor(html?: string, options?: ConstructorOptions);
    readonly window: Window & typeof globalThis;
  }
}
