// The workloads shared by run.mjs (against bash and just-bash) and ab.mjs (one build against
// another): interpreter-bound loops, and text tools over a generated log.

export const LOOPS = {
  'while $(( )) ×200k': 'i=0; while [ $i -lt 200000 ]; do i=$((i+1)); done; echo $i',
  'for over 100k words': 'n=0; for w in $(seq 1 100000); do n=$((n+1)); done; echo $n',
  'function calls ×50k': 'f(){ r=$1; }; i=0; while ((i<50000)); do f $i; ((i++)); done; echo $r',
  'param-exp ops ×100k': 's=hello/world.txt; i=0; while ((i<25000)); do a=${s%.*} b=${s##*/} c=${s/o/0} d=${#s}; ((i++)); done; echo $a $b $c $d',
  'case dispatch ×100k': 'n=0; for ((i=0;i<100000;i++)); do case $((i%4)) in 0) n=$((n+1));; 1|2) ;; *) n=$((n+2));; esac; done; echo $n',
  'string += ×50k': 's=; for ((i=0;i<50000;i++)); do s+=x; done; echo ${#s}',
};

/** text tools over a log file (bench/gen.mjs genLog) */
export function textWorkloads(log) {
  return {
    'wc -l': `wc -l ${log}`,
    'grep -c literal': `grep -c ERROR ${log}`,
    "grep -cE 'a.*b|c[0-9]+'": `grep -cE 'a.*b|c[0-9]+' ${log}`,
    // the matching lines printed, not counted: what an agent's `grep X log` does
    'grep literal | tail -1': `grep ERROR ${log} | tail -1`,
    "sed 's/ERROR/E/' | tail -1": `sed 's/ERROR/E/' ${log} | tail -1`,
    "cut -d' ' -f2": `cut -d' ' -f2 ${log} | tail -1`,
    'tr a-z A-Z': `tr a-z A-Z < ${log} | tail -c 100`,
    'sort | uniq -c | sort -rn | head': `cut -d' ' -f5 ${log} | sort | uniq -c | sort -rn | head -3`,
    // issue 20's awk rows (the oracle side runs whatever `awk` is on PATH: gawk where installed)
    "awk '{s+=$NF}'": `awk '{s+=$NF} END{print s}' ${log}`,
    "awk '{c[$3]++}'": `awk '{c[$3]++} END{for(k in c) print k, c[k]}' ${log}`,
    "awk '$3==\"ERROR\"{print $1, $5}'": `awk -F' ' '$3=="ERROR"{print $1, $5}' ${log} | tail -1`,
    "awk 'length($0) > 120'": `awk 'length($0) > 120' ${log} | tail -1`,
  };
}

/**
 * issue 20's awk rows over the same log: rshell's awk against gawk 5.2 (`bash` would run Debian's
 * mawk as awk). Printed output goes through `tail -1` on both sides, as the text rows do.
 */
export function awkWorkloads(log) {
  const rows = {
    "awk '{s+=$NF} END{print s}'": `'{s+=$NF} END{print s}' ${log}`,
    "awk '{c[$3]++} END{for(k in c) print k, c[k]}'": `'{c[$3]++} END{for(k in c) print k, c[k]}' ${log} | sort`,
    "awk -F' ' '$3==\"ERROR\"{print $1, $5}'": `-F' ' '$3=="ERROR"{print $1, $5}' ${log} | tail -1`,
    "awk 'length($0) > 120'": `'length($0) > 120' ${log} | tail -1`,
  };
  return Object.fromEntries(Object.entries(rows).map(([name, rest]) => [name, { rshell: `awk ${rest}`, gawk: `gawk ${rest}` }]));
}
