// CPU time of a process tree from /proc (Linux): what a server spent, whatever its neighbours did.
import { readFileSync } from "node:fs";
import { processTree } from "./rss.mjs";

// USER_HZ: the unit of utime/stime in /proc/<pid>/stat; 100 on every Linux build we run on.
const TICKS_PER_SECOND = 100;

function cpuSecondsOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may contain spaces) start at state, field 3.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND; // utime, stime
  } catch {
    return 0;
  }
}

/** User plus system CPU seconds used so far by `rootPid` and every process below it. */
export function treeCpuSeconds(rootPid) {
  return processTree(rootPid).reduce((sum, pid) => sum + cpuSecondsOf(pid), 0);
}
