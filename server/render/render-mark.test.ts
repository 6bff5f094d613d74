import { describe, expect, it } from "vitest";
import { newRenderMark, takeMarkedScripts } from "./render-mark.js";

describe("takeMarkedScripts", () => {
  it("returns the marked inline scripts and removes the mark from every element", () => {
    const mark = newRenderMark();
    const html = `<head><link nonce="${mark}" rel="icon" href="/i.svg"/><link rel="modulepreload" href="/a.js" nonce="${mark}"/></head><body><p>&lt;script&gt;</p><script>evil()</script><script nonce="other">guess()</script><script nonce="${mark}">own()\r\n</script><script nonce="${mark}" src="/x.js"></script></body>`;
    const taken = takeMarkedScripts(html, mark);
    expect(taken.scripts).toEqual(["own()\n"]);
    expect(taken.html).not.toContain(mark);
    expect(taken.html).toContain('<link rel="modulepreload" href="/a.js"/>');
    expect(taken.html).toContain("<script>evil()</script>");
    expect(newRenderMark()).not.toBe(mark);
  });
});
