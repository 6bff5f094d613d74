// Peak resident memory of a process tree, sampled from /proc (Linux).
import { readFileSync } from "node:fs";

function childrenOf(pid) {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/** VmRSS of a process in bytes, or undefined when it is gone. */
export function rssOf(pid) {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Every process in the tree below `pid`, `pid` included. */
export function processTree(pid) {
  const pids = [pid];
  for (let i = 0; i < pids.length; i++) pids.push(...childrenOf(pids[i]));
  return pids;
}

/** Samples the tree under `rootPid` every `intervalMs`; `stop()` returns the peak per pid. */
export function sampleRss(rootPid, intervalMs = 200) {
  /** @type {Map<number, number>} */
  const peaks = new Map();
  const sample = () => {
    for (const pid of processTree(rootPid)) {
      const rss = rssOf(pid);
      if (rss !== undefined && rss > (peaks.get(pid) ?? 0)) peaks.set(pid, rss);
    }
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  return {
    sample,
    stop() {
      clearInterval(timer);
      sample();
      return peaks;
    },
  };
}
