#!/usr/bin/env python3
"""Alternating timings of commands; reports median wall time and the CPU other processes used meanwhile."""
import subprocess, sys, time, os, resource, statistics
def busy():
    with open('/proc/stat') as f: v=[int(x) for x in f.readline().split()[1:]]
    idle=v[3]+v[4]; return (sum(v)-idle)/os.sysconf('SC_CLK_TCK')
def run(cmd):
    b0=busy(); r0=resource.getrusage(resource.RUSAGE_CHILDREN); t0=time.perf_counter()
    subprocess.run(cmd, shell=True, stdout=subprocess.DEVNULL)
    t=time.perf_counter()-t0; r1=resource.getrusage(resource.RUSAGE_CHILDREN); b1=busy()
    own=(r1.ru_utime-r0.ru_utime)+(r1.ru_stime-r0.ru_stime)
    return t, own, max(0.0,(b1-b0)-own)
reps=int(os.environ.get('REPS','7'))
cmds=sys.argv[1:]
res={c:[] for c in cmds}
for i in range(reps):
    order=cmds if i%2==0 else cmds[::-1]
    for c in order: res[c].append(run(c))
print("load before/after:", open('/proc/loadavg').read().strip())
for c in cmds:
    ts=[r[0] for r in res[c]]; other=[r[2] for r in res[c]]
    print(f"median {statistics.median(ts):.3f} s  min {min(ts):.3f}  cpu {statistics.median([r[1] for r in res[c]]):.3f}  others' cpu during run (median) {statistics.median(other):.3f} s  | {c}")
m=[statistics.median([r[0] for r in res[c]]) for c in cmds]
if len(m)>=2: print("ratio first/second: %.2f" % (m[0]/m[1]))
if len(cmds)>=2:
    pr=[res[cmds[0]][i][0]/res[cmds[1]][i][0] for i in range(reps)]
    print("median of paired ratios first/second: %.2f (min %.2f, max %.2f)" % (statistics.median(pr), min(pr), max(pr)))
