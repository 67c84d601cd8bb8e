// The interpreter-bound loop workloads, shared by run.mjs (against bash and just-bash) and ab.mjs
// (one build against another).

export const LOOPS = {
  'while $(( )) ×200k': 'i=0; while [ $i -lt 200000 ]; do i=$((i+1)); done; echo $i',
  'for over 100k words': 'n=0; for w in $(seq 1 100000); do n=$((n+1)); done; echo $n',
  'function calls ×50k': 'f(){ r=$1; }; i=0; while ((i<50000)); do f $i; ((i++)); done; echo $r',
  'param-exp ops ×100k': 's=hello/world.txt; i=0; while ((i<25000)); do a=${s%.*} b=${s##*/} c=${s/o/0} d=${#s}; ((i++)); done; echo $a $b $c $d',
  'case dispatch ×100k': 'n=0; for ((i=0;i<100000;i++)); do case $((i%4)) in 0) n=$((n+1));; 1|2) ;; *) n=$((n+2));; esac; done; echo $n',
  'string += ×50k': 's=; for ((i=0;i<50000;i++)); do s+=x; done; echo ${#s}',
};
