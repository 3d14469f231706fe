import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * What a process loads, read from its entry file with TypeScript's own parser: every source file it
 * reaches and every package it imports. Type-only imports (`import type`, `export type … from`) are
 * left out, because they are erased before anything runs; every other import counts, even one that
 * names only types, since verbatimModuleSyntax keeps it as a bare import that loads the module.
 */
export interface ImportGraph {
  /** Absolute paths of the source files loaded. */
  files: Set<string>;
  /** Package names imported (`@scope/name`, `name`, `node:fs`), without sub-paths. */
  packages: Set<string>;
}

export function importGraph(entry: string): ImportGraph {
  const graph: ImportGraph = { files: new Set(), packages: new Set() };
  const pending = [path.resolve(entry)];
  while (pending.length) {
    const file = pending.pop()!;
    if (graph.files.has(file)) continue;
    if (!existsSync(file)) throw new Error(`${file} is imported but does not exist`);
    graph.files.add(file);
    for (const specifier of runtimeSpecifiers(file)) {
      if (specifier.startsWith('.')) pending.push(path.resolve(path.dirname(file), specifier));
      else graph.packages.add(packageName(specifier));
    }
  }
  return graph;
}

/** The module specifiers a file loads when it runs: static imports and re-exports, and import() of a literal. */
function runtimeSpecifiers(file: string): string[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, kind);
  const specifiers: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly && ts.isStringLiteral(node.moduleSpecifier)) {
      specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && !node.isTypeOnly && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteralLike(argument)) specifiers.push(argument.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers;
}

/** `@koa/router/x` → `@koa/router`, `koa-session` → `koa-session`. */
function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}
