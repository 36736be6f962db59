// `npm run check:migrations` (part of `npm run check`): every migration from 0122 on must be safe
// beside the previous release's code, which keeps running while it is applied and until the last
// old process has drained (decision 073: expand, then contract). A statement that takes away or
// changes what old code reads or writes (drops a table or column, renames, changes a type, makes
// a column NOT NULL, adds a NOT NULL column without a default, drops a default) is refused unless
// the comment right above it marks it as the contract step of an earlier expand:
//
//   -- contract: 1.4.0 no longer reads orders.legacy_state (reviewed by ada)
//   ALTER TABLE orders DROP COLUMN legacy_state;
//
// naming the release whose code no longer needs it and who reviewed that.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The first migration checked: everything before it was written before this rule. */
export const CHECKED_FROM = '0122';

/** `-- contract: <release> <why>… reviewed by <who>` */
const CONTRACT_MARK = /^--\s*contract:\s*v?\d+\.\d+\.\d+\b.*\breviewed by\s+\S+/im;

export interface Problem {
  file: string;
  line: number;
  statement: string;
  reason: string;
}

interface Statement {
  /** The SQL with comments, strings and dollar-quoted bodies blanked out, upper-cased. */
  code: string;
  /** The comments just above the statement (its own leading comment lines). */
  leading: string;
  line: number;
  text: string;
}

/** Splits a migration into statements, keeping each one's leading comments apart from its code. */
export function splitStatements(sql: string): Statement[] {
  const out: Statement[] = [];
  let code = '';
  let leading = '';
  let text = '';
  let line = 1;
  let startLine = 0;
  let i = 0;
  const flush = () => {
    if (code.trim()) out.push({ code: code.toUpperCase(), leading, line: startLine, text: text.trim() });
    code = '';
    leading = '';
    text = '';
    startLine = 0;
  };
  while (i < sql.length) {
    const c = sql[i] as string;
    const rest = sql.slice(i);
    if (rest.startsWith('--')) {
      const end = sql.indexOf('\n', i);
      const comment = sql.slice(i, end === -1 ? sql.length : end);
      // Only comments before the statement's first word mark it.
      if (!code.trim()) leading += `${comment}\n`;
      i += comment.length;
      continue;
    }
    if (rest.startsWith('/*')) {
      const end = sql.indexOf('*/', i + 2);
      const comment = sql.slice(i, end === -1 ? sql.length : end + 2);
      line += comment.split('\n').length - 1;
      code += ' ';
      i += comment.length;
      continue;
    }
    const dollar = rest.match(/^\$[A-Za-z_]*\$/);
    if (c === "'" || dollar) {
      const close = dollar ? dollar[0] : "'";
      let end = sql.indexOf(close, i + close.length);
      // '' inside a string is a quote, not its end.
      while (!dollar && end !== -1 && sql[end + 1] === "'") end = sql.indexOf("'", end + 2);
      const literal = sql.slice(i, end === -1 ? sql.length : end + close.length);
      if (!startLine) startLine = line;
      line += literal.split('\n').length - 1;
      code += " '' ";
      text += literal;
      i += literal.length;
      continue;
    }
    if (c === ';') {
      flush();
      i++;
      continue;
    }
    if (c === '\n') line++;
    if (!startLine && /\S/.test(c)) startLine = line;
    code += c;
    text += c;
    i++;
  }
  flush();
  return out;
}

/** Splits `a, b (c, d), e` at the commas outside parentheses. */
function topLevelParts(s: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const c of s) {
    if (c === '(') depth++;
    if (c === ')') depth--;
    if (c === ',' && depth === 0) {
      parts.push(current);
      current = '';
    } else current += c;
  }
  parts.push(current);
  return parts.map((p) => p.trim().replace(/\s+/g, ' '));
}

/** `ALTER TABLE <table> <actions>`, normalised: the table and its top-level actions. */
function alterTable(s: string): { table: string; actions: string[] } | undefined {
  const alter = s.match(/^ALTER TABLE (?:IF EXISTS )?(?:ONLY )?(\S+) (.*)$/);
  return alter ? { table: alter[1] as string, actions: topLevelParts(alter[2] as string) } : undefined;
}

/**
 * The generated columns a migration adds (`TABLE.COLUMN`). A generated column dropped and added
 * again in the same migration is replaced inside its one transaction: the previous release finds
 * it before and after, and never writes it (its expression changes, as in 0141).
 */
function generatedColumnsAdded(statements: Statement[]): Set<string> {
  const added = new Set<string>();
  for (const st of statements) {
    const alter = alterTable(st.code.replace(/\s+/g, ' ').trim());
    for (const action of alter?.actions ?? []) {
      const add = action.match(/^ADD (?:COLUMN )?(?:IF NOT EXISTS )?(\S+) .*\bGENERATED ALWAYS AS\b.*\bSTORED\b/);
      if (add) added.add(`${alter?.table}.${add[1]}`);
    }
  }
  return added;
}

/** Why a statement is unsafe beside the previous release's code, or undefined. */
export function unsafeReason(code: string, replaced: ReadonlySet<string> = new Set()): string | undefined {
  const s = code.replace(/\s+/g, ' ').trim();
  const drop = s.match(/^DROP (TABLE|VIEW|MATERIALIZED VIEW|TYPE|SCHEMA|SEQUENCE)\b/);
  if (drop) return `drops a ${drop[1]?.toLowerCase()} the previous release may still use`;
  if (/^TRUNCATE\b/.test(s)) return 'empties a table the previous release may still read';
  const alter = alterTable(s);
  if (!alter) return undefined;
  for (const action of alter.actions) {
    if (/^RENAME (TO|COLUMN\b|(?!CONSTRAINT\b)\S+ TO\b)/.test(action))
      return 'renames what the previous release reads by its old name (add the new, copy, drop the old later)';
    const dropped = action.match(/^DROP (?:COLUMN )?(?:IF EXISTS )?(\S+)/);
    if (dropped && replaced.has(`${alter.table}.${dropped[1]}`)) continue;
    if (/^DROP (?!CONSTRAINT\b)/.test(action)) return 'drops a column the previous release may still read or write';
    if (/^ALTER (COLUMN )?\S+ (SET DATA )?TYPE\b/.test(action))
      return "changes a column's type under the previous release (add a new column, backfill, switch, drop later)";
    if (/^ALTER (COLUMN )?\S+ SET NOT NULL\b/.test(action))
      return 'makes a column NOT NULL while the previous release may still write it empty';
    if (/^ALTER (COLUMN )?\S+ DROP DEFAULT\b/.test(action))
      return "drops a default the previous release's inserts rely on";
    const add = action.match(/^ADD (?!CONSTRAINT\b|PRIMARY\b|UNIQUE\b|CHECK\b|FOREIGN\b|EXCLUDE\b)(.*)$/);
    if (add && /\bNOT NULL\b/.test(add[1] as string) && !/\bDEFAULT\b|\bGENERATED\b/.test(add[1] as string))
      return "adds a NOT NULL column without a default: the previous release's inserts do not name it";
  }
  return undefined;
}

export function checkMigration(file: string, sql: string): Problem[] {
  const problems: Problem[] = [];
  const statements = splitStatements(sql);
  const replaced = generatedColumnsAdded(statements);
  for (const st of statements) {
    const reason = unsafeReason(st.code, replaced);
    if (reason && !CONTRACT_MARK.test(st.leading))
      problems.push({ file, line: st.line, statement: st.text.replace(/\s+/g, ' ').slice(0, 120), reason });
  }
  return problems;
}

/** The problems of every migration in `dir` numbered CHECKED_FROM or later. */
export function checkMigrations(dir: string, from = CHECKED_FROM): Problem[] {
  return readdirSync(dir)
    .filter((f) => /^\d{4}_.*\.sql$/.test(f) && f.slice(0, 4) >= from)
    .sort()
    .flatMap((f) => checkMigration(f, readFileSync(path.join(dir, f), 'utf8')));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/server/migrations');
  const problems = checkMigrations(dir);
  if (problems.length) {
    for (const p of problems) console.error(`${p.file}:${p.line}: ${p.reason}\n    ${p.statement}`);
    console.error(
      `\n${problems.length} statement(s) would break the previous release while it still runs (decision 073: expand, then contract).\n` +
        'Split the change: this release adds (expand), a later one removes what no running code uses, marked right above it:\n' +
        '  -- contract: <the release whose code no longer needs it> <what> (reviewed by <who>)',
    );
    process.exit(1);
  }
  console.log(`Migrations from ${CHECKED_FROM} on: nothing that breaks the previous release.`);
}
