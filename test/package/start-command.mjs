/**
 * A long-running command of a package test (a site's server, `dh-kit start`): started, added to
 * `children` (the test stops them), and resolved with what `read` finds in the first stdout line
 * it recognises; rejected with the command's output when it exits first or says nothing in 60 s.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

export function startCommand(
  command,
  args,
  { cwd, env, children, read, what = 'the line it waits for' },
) {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  child.stderr.on('data', (d) => (output += d));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(new Error(`${command} ${args.join(' ')} printed no ${what} in 60 s:\n${output}`)),
      60_000,
    );
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${output}`));
    });
    createInterface({ input: child.stdout }).on('line', (line) => {
      output += `${line}\n`;
      const value = read(line);
      if (value === undefined) return;
      clearTimeout(timer);
      resolve(value);
    });
  });
}

/** The value of a line that is JSON; undefined for any other line. */
export function jsonLine(line) {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}
