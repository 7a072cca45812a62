import type * as HandlebarsNs from 'handlebars';
import { TemplateCompileError } from './errors/template-compile.error.js';
import type { MessageCatalog } from './locale/message-catalog.js';

type Hbs = ReturnType<(typeof HandlebarsNs)['create']>;
type Node = Record<string, any>;

export interface KnownNames {
  helpers: ReadonlySet<string>;
  partials: ReadonlySet<string>;
  /** When set, `{{t "key"}}` keys must be in it. */
  messages?: MessageCatalog;
}

/** The line number of a Handlebars parse error message ("Parse error on line 3:"). */
export function lineOf(message: string): number | undefined {
  const m = /on line (\d+)/.exec(message) ?? /- (\d+):\d+$/.exec(message);
  return m ? Number(m[1]) : undefined;
}

/**
 * Parses and precompiles a template, then checks what would only fail on the
 * first send: a partial that does not exist, a helper call to an unknown
 * helper, a `{{t "key"}}` whose key no locale has.
 */
export function checkTemplate(hb: Hbs, file: string, source: string, known: KnownNames): string[] {
  let ast: unknown;
  try {
    ast = hb.parse(source);
    hb.precompile(source, { strict: true });
  } catch (error) {
    const e = error as { lineNumber?: number; message: string };
    throw new TemplateCompileError(
      file,
      e.lineNumber ?? lineOf(e.message),
      e.message.split('\n')[0],
    );
  }
  // helper arguments at the top of the file: Handlebars' strict mode does not check them
  const required = new Set<string>();
  const requireArgs = (node: Node): void => {
    const name = node.path?.original as string | undefined;
    if (name === 'if' || name === 'unless') return;
    const args = [...(node.params ?? []), ...(node.hash?.pairs ?? []).map((p: Node) => p.value)];
    for (const arg of args as Node[]) {
      if (arg.type === 'SubExpression') requireArgs(arg);
      else if (
        arg.type === 'PathExpression' &&
        !arg.data &&
        arg.depth === 0 &&
        arg.parts.length > 0
      )
        required.add(arg.parts.join('.'));
    }
  };
  for (const node of (ast as { body: Node[] }).body)
    if (node.type === 'MustacheStatement' || node.type === 'BlockStatement') requireArgs(node);
  const visit = (node: Node | undefined): void => {
    if (!node || typeof node !== 'object') return;
    const line = node.loc?.start?.line as number | undefined;
    if (node.type === 'PartialStatement' || node.type === 'PartialBlockStatement') {
      const name = node.name?.original;
      if (node.name?.type === 'PathExpression' && !known.partials.has(name))
        throw new TemplateCompileError(file, line, `partial "${name}" is not in partials/`);
    }
    if (
      node.type === 'MustacheStatement' ||
      node.type === 'BlockStatement' ||
      node.type === 'SubExpression'
    ) {
      const name = node.path?.original as string | undefined;
      const isCall = (node.params?.length ?? 0) > 0 || (node.hash?.pairs?.length ?? 0) > 0;
      if (isCall && node.path?.type === 'PathExpression' && !known.helpers.has(name!))
        throw new TemplateCompileError(file, line, `helper "${name}" is not registered`);
      if (name === 't' && known.messages) {
        const key = node.params?.[0];
        if (key?.type === 'StringLiteral' && !known.messages.has(key.value))
          throw new TemplateCompileError(
            file,
            line,
            `message "${key.value}" is in no messages/<locale>.json`,
          );
      }
    }
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) value.forEach((v) => visit(v as Node));
      else if (value && typeof value === 'object' && 'type' in value) visit(value as Node);
    }
  };
  visit(ast as unknown as Node);
  return [...required];
}
