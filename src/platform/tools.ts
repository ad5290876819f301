/** Rules of the platform's tool definitions that the kit checks before it sends them (proxy and CLI alike). */
import type { ToolDefinition } from './schemas.js';

/**
 * Spec, Tool definition: "Parameter names in the prompt must match these names". Given the
 * head's prompt, every parameter must be named in it, and every {placeholder} in it must be a
 * parameter: a mismatch is a tool the model would call with the wrong arguments.
 */
export function promptMismatch(tools: ToolDefinition[], prompt: string): string | undefined {
  const names = new Set(tools.flatMap((t) => t.parameters.map((p) => p.name)));
  for (const tool of tools) {
    for (const p of tool.parameters) {
      if (!new RegExp(`\\b${p.name}\\b`).test(prompt))
        return `The prompt does not name the parameter "${p.name}" of the tool "${tool.name}".`;
    }
  }
  for (const [, placeholder] of prompt.matchAll(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g)) {
    if (!names.has(placeholder!))
      return `The prompt uses {${placeholder}}, which no tool has as a parameter (${[...names].join(', ') || 'none'}).`;
  }
  return undefined;
}
