import type { SourceRewrite } from './source-rewrites'

/**
 * Lucide's icons without rebuilding each one's SVG attributes per render (decision 157).
 *
 * Every icon on a page (the menu's, each row's Edit pencil) builds its attribute object afresh
 * through several object spreads and an `Object.entries` walk, then a new element per path: about
 * 4% of the CPU of a signed-in page rendered afresh. What it builds depends only on the icon and
 * a few plain props (size, colour, stroke, class names, aria attributes), so the web process keeps
 * it per icon and those props (at most 50 combinations an icon), with the path elements made
 * once, as React elements may be shared between renders. Props holding anything but strings,
 * numbers, booleans or nothing (a handler, a style object) are built afresh as before.
 *
 * Applied as the route-match cache is (source-rewrites.ts): exact replacements in lucide-react's
 * CommonJS file as Node loads it; a version without those lines loads unchanged, the server logs
 * it, and the unit test fails on the upgrade.
 */

const LUCIDE_FILE = /[\\/]lucide-react[\\/]dist[\\/]cjs[\\/]lucide-react\.js$/

const BUILD_CALL = '    const [name, svgAttributes, builtIconNode = []] = buildLucideIconForReact(icon, {'
const PATH_ELEMENTS = '        ...builtIconNode.map(([tag, attrs]) => react.createElement(tag, attrs)),'

const HELPERS = `
// lucide exports an icon named Map (and may add others named like globals): reach the globals themselves.
const __keptIconsByData = new globalThis.WeakMap();
function __keptLucideIcon(icon, params) {
  const key = __iconParamsKey(params);
  if (key === null) return buildLucideIconForReact(icon, params);
  let byParams = __keptIconsByData.get(icon);
  if (byParams === undefined) {
    byParams = new globalThis.Map();
    __keptIconsByData.set(icon, byParams);
  }
  let built = byParams.get(key);
  if (built === undefined) {
    if (byParams.size >= 50) byParams.clear();
    built = buildLucideIconForReact(icon, params);
    byParams.set(key, built);
  }
  return built;
}
function __iconParamsKey(params) {
  let key = "";
  for (const name of ["color", "width", "height", "strokeWidth", "absoluteStrokeWidth", "nonScalingStroke", "className", "hasA11yProp"]) {
    const part = __plainPart(params[name]);
    if (part === null) return null;
    key += part + "\\u0000";
  }
  for (const name in params.attributes) {
    const part = __plainPart(params.attributes[name]);
    if (part === null) return null;
    key += name + "\\u0001" + part + "\\u0000";
  }
  return key;
}
function __plainPart(value) {
  if (value === undefined) return "u";
  if (value === null) return "n";
  switch (typeof value) {
    case "string": return "s" + value;
    case "number": return "d" + value;
    case "boolean": return value ? "t" : "f";
    default: return null;
  }
}
const __pathElementsByNode = new globalThis.WeakMap();
function __pathElements(builtIconNode) {
  let elements = __pathElementsByNode.get(builtIconNode);
  if (elements === undefined) {
    elements = builtIconNode.map(([tag, attrs]) => react.createElement(tag, attrs));
    __pathElementsByNode.set(builtIconNode, elements);
  }
  return elements;
}
`

/** lucide-react's CommonJS source with built icons kept, or null when it does not have the code this expects. */
export function withIconsKept(source: string): string | null {
  if ([BUILD_CALL, PATH_ELEMENTS].some((code) => source.split(code).length !== 2)) return null
  return `${source
    .replace(BUILD_CALL, '    const [name, svgAttributes, builtIconNode = []] = __keptLucideIcon(icon, {')
    .replace(PATH_ELEMENTS, '        ...__pathElements(builtIconNode),')}\n${HELPERS}`
}

export const ICON_REWRITES: SourceRewrite[] = [{ file: LUCIDE_FILE, rewrite: withIconsKept }]
