import { build } from 'rolldown';
import { gzipSync } from 'node:zlib';
for (const input of process.argv.slice(2)) {
  const out = await build({ input, write: false, transform: { define: { 'process.env.NODE_ENV': '"production"' } }, resolve: { conditionNames: ['production', 'import', 'module', 'browser', 'default'] }, output: { minify: true, format: 'esm', codeSplitting: false }, logLevel: 'silent' });
  const code = out.output.filter(o => o.type === 'chunk').map(o => o.code).join('');
  console.log(input, (code.length/1024).toFixed(1), 'KB min', (gzipSync(code).length/1024).toFixed(1), 'KB gz');
}
