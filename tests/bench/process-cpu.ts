import { readdirSync, readFileSync } from 'node:fs'

// Linux reports process CPU time in clock ticks; 100 per second on every platform Node runs on here.
const TICKS_PER_SECOND = 100

/**
 * CPU time (user + system, ms) used so far by a process and its live descendants, read from
 * /proc. Throughput depends on what else the machine is doing; CPU per request does not, so the
 * benchmarks report both.
 */
export function processTreeCpuMs(rootPid: number): number {
  const stats = new Map<number, { ppid: number; ticks: number }>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const text = readFileSync(`/proc/${entry}/stat`, 'utf8')
      // The command name may contain spaces and parentheses: fields start after the last ')'.
      const fields = text.slice(text.lastIndexOf(')') + 2).split(' ')
      stats.set(Number(entry), { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) })
    } catch {
      // The process ended while we looked.
    }
  }
  let ticks = 0
  const pending = [rootPid]
  while (pending.length > 0) {
    const pid = pending.pop() as number
    ticks += stats.get(pid)?.ticks ?? 0
    for (const [child, stat] of stats) if (stat.ppid === pid) pending.push(child)
  }
  return (ticks * 1000) / TICKS_PER_SECOND
}
