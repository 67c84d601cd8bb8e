// `rshell --check`: the static preview (Runner.check) as text, or as JSON with --json.
import type { PreviewReport } from '../check/preview.js';

export function previewText(r: PreviewReport): string {
  const out: string[] = [];
  if (r.error !== null) out.push(`error: ${r.error}`);
  for (const c of r.commands) {
    const words = c.words.map((w) => w ?? '<computed>').join(' ');
    const why = c.reason === undefined ? '' : ` (${c.reason})`;
    out.push(`line ${c.line}: ${words === '' ? '<redirection>' : words}: ${c.decision}${why}`);
    for (const p of c.paths) out.push(`  ${p.access} ${p.absolute}: ${p.allowed ? 'allowed' : p.inside ? 'read-only (refused)' : 'outside the allowed paths (refused)'}`);
  }
  if (r.needsRemediation) out.push('writes: needs --mode remediation');
  return out.join('\n') + (out.length > 0 ? '\n' : '');
}

/** 0 when everything would be allowed, 1 when something would be refused or asked, 2 on a syntax error */
export function previewStatus(r: PreviewReport): number {
  if (r.error !== null) return 2;
  const blocked = r.commands.some((c) => c.decision !== 'allow' && c.decision !== 'function') || r.commands.some((c) => c.paths.some((p) => !p.allowed)) || r.needsRemediation;
  return blocked ? 1 : 0;
}
