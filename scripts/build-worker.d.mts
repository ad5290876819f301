export function buildWorker(
  outfile?: string,
  entry?: string,
): Promise<{ outfile: string; bytes: number }>;
