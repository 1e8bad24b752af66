import path from 'node:path';

/** The feature folder a file belongs to (`modules/<f>/` on the server, `features/<f>/` on the web). */
const featureOf = (file) => /[\\/](?:modules|features)[\\/]([^\\/]+)[\\/]/.exec(file)?.[1];

/**
 * Where an import specifier points on disk, or undefined for a package. Relative specifiers resolve
 * against the importing file; `@/…` is the web app's alias for its `src/` folder.
 */
function resolveSpecifier(spec, filename) {
  if (spec.startsWith('.')) return path.resolve(path.dirname(filename), spec);
  if (spec.startsWith('@/')) {
    const src = /^(.*[\\/]apps[\\/]web[\\/]src)[\\/]/.exec(filename)?.[1];
    return src ? path.join(src, spec.slice(2)) : undefined;
  }
  return undefined;
}

/** Features never import from each other: an import that resolves into another feature's folder is refused. */
export const featureBoundaries = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      cross: 'Feature "{{from}}" may not import from feature "{{to}}"; compose them in the app layer.',
    },
  },
  create(context) {
    const from = featureOf(context.filename);
    const check = (node) => {
      const spec = node.source?.value;
      if (!from || typeof spec !== 'string') return;
      const target = resolveSpecifier(spec, context.filename);
      const to = target && featureOf(target + path.sep);
      if (to && to !== from) context.report({ node, messageId: 'cross', data: { from, to } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
