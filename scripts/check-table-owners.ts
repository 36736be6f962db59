// `npm run check:tables` (part of `npm run check`): every table has one owning module
// (scripts/table-owners.ts), and a server module's SQL names only the tables it owns, beside the
// exceptions listed and explained there (decision 065). Reads count as well as writes: what a module
// reads of another's table is part of that table's contract, so it is listed where the owner can see it.
// The files are parsed with TypeScript rather than searched as text, so a table name in a comment or
// an error message is not SQL, and a kysely call or a `sql` template is found wherever it is written.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { EXCEPTIONS, OWNERS, type OwnershipException } from './table-owners';

export type Access = 'read' | 'write';
export interface TableUse {
  table: string;
  access: Access;
  line: number;
}

// Kysely's query builder methods whose first argument names a table ('orders', 'orders as o', or a list).
const BUILDER: Record<string, Access> = {
  selectFrom: 'read',
  innerJoin: 'read',
  leftJoin: 'read',
  rightJoin: 'read',
  fullJoin: 'read',
  innerJoinLateral: 'read',
  leftJoinLateral: 'read',
  using: 'read',
  insertInto: 'write',
  replaceInto: 'write',
  updateTable: 'write',
  deleteFrom: 'write',
  mergeInto: 'write',
};

// In raw SQL a table follows one of these words; DELETE FROM, INSERT INTO, UPDATE, MERGE INTO and
// TRUNCATE write. `DO UPDATE SET` and `FOR UPDATE OF x` are followed by no table name, so they never match.
const RAW =
  /\b(delete\s+from|insert\s+into|merge\s+into|update|truncate(?:\s+table)?|from|join|using)\s+(?:only\s+)?(?:public\.)?"?([a-z_][a-z0-9_]*)"?/gi;

// Statements built as plain strings (the single-statement paths of decision 012 are text handed to
// the driver) have no `sql` tag; there only upper-case keywords count, as this codebase writes SQL,
// so prose such as an error message 'copied from orders' is not taken for a query.
const RAW_UPPER =
  /\b(DELETE\s+FROM|INSERT\s+INTO|MERGE\s+INTO|UPDATE|TRUNCATE(?:\s+TABLE)?|FROM|JOIN|USING)\s+(?:ONLY\s+)?(?:public\.)?"?([a-z_][a-z0-9_]*)"?/g;

/** The literal text of a `sql` template (tagged) or of any other string or template (untagged). */
function rawText(node: ts.Node): { text: string; tagged: boolean } | undefined {
  const literalText = (t: ts.TemplateLiteral) =>
    // The literal text only: what is interpolated is a value or a fragment checked on its own.
    ts.isNoSubstitutionTemplateLiteral(t)
      ? t.text
      : [t.head.text, ...t.templateSpans.map((s) => s.literal.text)].join(' $ ');
  if (ts.isTaggedTemplateExpression(node))
    return isSqlTag(node.tag) ? { text: literalText(node.template), tagged: true } : undefined;
  if (ts.isTemplateExpression(node) || ts.isNoSubstitutionTemplateLiteral(node))
    return { text: literalText(node), tagged: false };
  if (ts.isStringLiteral(node)) return { text: node.text, tagged: false };
  return undefined;
}

const WRITE_BEFORE = /\b(delete\s+from|insert\s+into|merge\s+into|update|truncate(?:\s+table)?)\s*(?:only\s+)?$/i;

/** The template text right before an interpolated expression ('' when it is not in a template). */
function textBefore(node: ts.Node): string {
  const span = node.parent;
  if (!span || !ts.isTemplateSpan(span)) return '';
  const template = span.parent;
  const i = template.templateSpans.indexOf(span);
  return i === 0 ? template.head.text : (template.templateSpans[i - 1]?.literal.text ?? '');
}

function tableNamesOf(arg: ts.Expression): string[] {
  if (ts.isStringLiteralLike(arg)) return [arg.text.trim().split(/\s+/)[0] ?? ''];
  if (ts.isArrayLiteralExpression(arg)) return arg.elements.flatMap((e) => (ts.isExpression(e) ? tableNamesOf(e) : []));
  return [];
}

function isSqlTag(tag: ts.Expression): boolean {
  return ts.isIdentifier(tag) && tag.text === 'sql';
}

/** Every table the source's kysely calls and `sql` templates name, with how it is used. */
export function findTableUses(source: string, tables: ReadonlySet<string>, fileName = 'file.ts'): TableUse[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const uses: TableUse[] = [];
  const lineOf = (pos: number) => file.getLineAndCharacterOfPosition(pos).line + 1;
  const add = (table: string, access: Access, pos: number) => {
    if (tables.has(table)) uses.push({ table, access, line: lineOf(pos) });
  };
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const first = node.arguments[0];
      if (ts.isPropertyAccessExpression(callee) && first) {
        const method = callee.name.text;
        const access = BUILDER[method];
        if (access) for (const t of tableNamesOf(first)) add(t, access, node.getStart(file));
        // sql.table('x') inside a `sql` template: the literal text just before it says how it is used.
        if (method === 'table' && ts.isIdentifier(callee.expression) && callee.expression.text === 'sql') {
          const access: Access = WRITE_BEFORE.test(textBefore(node)) ? 'write' : 'read';
          for (const t of tableNamesOf(first)) add(t, access, node.getStart(file));
        }
      }
    }
    const raw = rawText(node);
    if (raw) {
      for (const m of raw.text.matchAll(raw.tagged ? RAW : RAW_UPPER)) {
        const word = (m[1] ?? '').toLowerCase().replace(/\s+/g, ' ');
        const access: Access = word === 'from' || word === 'join' || word === 'using' ? 'read' : 'write';
        add((m[2] ?? '').toLowerCase(), access, node.getStart(file));
      }
      if (ts.isTaggedTemplateExpression(node)) {
        // Its interpolations may hold fragments and sql.table calls of their own.
        ts.forEachChild(node.template, visit);
        return;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return uses;
}

export interface Problem {
  file: string;
  line: number;
  message: string;
}

/**
 * The uses of `module` that neither it owns nor an exception allows. A write exception allows reads too;
 * a read exception allows reads only.
 */
export function foreignUses(
  module: string,
  uses: TableUse[],
  owners: Readonly<Record<string, string>>,
  exceptions: readonly OwnershipException[],
): TableUse[] {
  return uses.filter((u) => {
    if (owners[u.table] === module) return false;
    return !exceptions.some(
      (e) => e.module === module && e.table === u.table && (e.access === 'write' || u.access === 'read'),
    );
  });
}

/** The tables the database has: the keys of `interface DB` in db/generated.ts. */
export function tablesOf(generated: string): string[] {
  const body = /export interface DB \{([^}]*)\}/.exec(generated)?.[1] ?? '';
  return [...body.matchAll(/^\s*([a-z_][a-z0-9_]*):/gm)].map((m) => m[1] ?? '');
}

// Folders of apps/server/src that may own a table no module touches (they are not checked themselves).
const INFRASTRUCTURE = new Set(['plugins', 'providers', 'db', 'jobs']);

const isTest = (f: string) => /\.test\.tsx?$/.test(f);

function* sourceFiles(dir: string): Generator<string> {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) yield* sourceFiles(p);
    else if (/\.tsx?$/.test(e.name) && !isTest(p)) yield p;
  }
}

export function checkServer(root: string): Problem[] {
  const server = path.join(root, 'apps/server/src');
  const modulesDir = path.join(server, 'modules');
  const tables = tablesOf(readFileSync(path.join(server, 'db/generated.ts'), 'utf8'));
  const tableSet = new Set(tables);
  const modules = new Set(
    readdirSync(modulesDir, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name),
  );
  const problems: Problem[] = [];
  const map = 'scripts/table-owners.ts';
  for (const t of tables)
    if (!OWNERS[t]) problems.push({ file: map, line: 0, message: `table ${t} has no owner: add it to OWNERS` });
  for (const [t, m] of Object.entries(OWNERS)) {
    if (!tableSet.has(t)) problems.push({ file: map, line: 0, message: `${t} is not a table of the migrated schema` });
    if (!modules.has(m) && !INFRASTRUCTURE.has(m))
      problems.push({ file: map, line: 0, message: `${t}'s owner ${m} is not a module or an infrastructure folder` });
  }
  const used = new Set<OwnershipException>();
  for (const e of EXCEPTIONS) {
    if (!tableSet.has(e.table) || !modules.has(e.module))
      problems.push({ file: map, line: 0, message: `exception ${e.module} → ${e.table} names no table or module` });
    if (OWNERS[e.table] === e.module)
      problems.push({ file: map, line: 0, message: `exception ${e.module} → ${e.table}: it owns that table` });
  }
  for (const file of sourceFiles(modulesDir)) {
    const module = path.relative(modulesDir, file).split(path.sep)[0] ?? '';
    const uses = findTableUses(readFileSync(file, 'utf8'), tableSet, file);
    for (const u of uses)
      for (const e of EXCEPTIONS)
        if (e.module === module && e.table === u.table && (e.access === 'write' || u.access === 'read')) used.add(e);
    for (const u of foreignUses(module, uses, OWNERS, EXCEPTIONS)) {
      problems.push({
        file: path.relative(root, file),
        line: u.line,
        message: `${module} ${u.access === 'write' ? 'writes' : 'reads'} ${u.table}, which ${OWNERS[u.table]} owns: call ${OWNERS[u.table]}'s function (with your transaction), or list the exception in ${map} and say why`,
      });
    }
  }
  // An exception nothing needs any more is removed, so the list stays the truth.
  for (const e of EXCEPTIONS)
    if (!used.has(e))
      problems.push({
        file: map,
        line: 0,
        message: `exception ${e.module} ${e.access}s ${e.table} is no longer needed: remove it`,
      });
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const problems = checkServer(path.resolve(import.meta.dirname, '..'));
  if (problems.length) {
    console.error(
      `Table ownership (docs/decisions/065-table-owners-and-import-rules.md):\n${problems.map((p) => `${p.file}:${p.line}: ${p.message}`).join('\n')}`,
    );
    process.exit(1);
  }
}
