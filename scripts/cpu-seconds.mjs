// `times` prints "1m2.500s 0m3.250s" (user, system) for a shell's children: their sum in whole seconds (CI summary).
const parts = (process.argv[2] ?? '').trim().split(/\s+/);
const secs = parts.reduce((sum, p) => {
  const m = /^(\d+)m([\d.]+)s$/.exec(p);
  return m ? sum + Number(m[1]) * 60 + Number(m[2]) : sum;
}, 0);
console.log(Math.round(secs));
