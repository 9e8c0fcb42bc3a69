/**
 * A stream's `data` handler that passes on each complete server-sent event (the lines up to a blank line)
 * with the moment its chunk arrived: what the notification benches time delivery by.
 */
export function sseBlocks(onBlock: (block: string, arrivedAt: number) => void): (chunk: string) => void {
  let buffer = '';
  return (chunk) => {
    const arrivedAt = performance.now();
    buffer += chunk;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      onBlock(block, arrivedAt);
    }
  };
}
