/**
 * Compiles every contract under contracts/ with solc-js (offline) and writes:
 *   generated/abis.ts       one `as const` ABI per contract, for viem, wagmi and Ponder
 *   generated/bytecode.json creation bytecode per contract, for deploys
 * Fails when a contract's runtime code exceeds the 24,576-byte limit (EIP-170).
 */
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const solc = require('solc') as {
  compile(
    input: string,
    opts: { import: (path: string) => { contents: string } | { error: string } },
  ): string;
};

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const contractsDir = join(root, 'contracts');
const outDir = join(root, 'generated');
const CODE_SIZE_LIMIT = 24_576;

function solidityFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return solidityFiles(full);
    return name.endsWith('.sol') ? [full] : [];
  });
}

function findImport(path: string): { contents: string } | { error: string } {
  try {
    return { contents: readFileSync(require.resolve(path), 'utf8') };
  } catch {
    return { error: `import not found: ${path}` };
  }
}

const sources = Object.fromEntries(
  solidityFiles(contractsDir).map((file) => [relative(root, file), { content: readFileSync(file, 'utf8') }]),
);

const input = {
  language: 'Solidity',
  sources,
  settings: {
    evmVersion: 'cancun',
    optimizer: { enabled: true, runs: 200 },
    viaIR: true,
    outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
  },
};

type Output = {
  errors?: { severity: string; formattedMessage: string }[];
  contracts?: Record<
    string,
    Record<
      string,
      { abi: unknown[]; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }
    >
  >;
};

const started = Date.now();
const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImport })) as Output;
const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
for (const e of output.errors ?? []) if (e.severity !== 'error') console.warn(e.formattedMessage);
if (errors.length > 0) {
  for (const e of errors) console.error(e.formattedMessage);
  process.exit(1);
}

const abis: string[] = [];
const errorsBySignature = new Map<string, unknown>();
const bytecode: Record<string, `0x${string}`> = {};
const tooBig: string[] = [];
for (const [file, contracts] of Object.entries(output.contracts ?? {})) {
  if (!file.startsWith('contracts/')) continue;
  for (const [name, artifact] of Object.entries(contracts)) {
    for (const item of artifact.abi as { type: string; name: string; inputs: { type: string }[] }[]) {
      if (item.type === 'error')
        errorsBySignature.set(`${item.name}(${item.inputs.map((i) => i.type)})`, item);
    }
    const creation = artifact.evm.bytecode.object;
    if (creation.length === 0) {
      // interfaces and libraries without code still export their ABI (events, errors) under their own name
      if (artifact.abi.length > 0)
        abis.push(`export const ${name}Abi = ${JSON.stringify(artifact.abi)} as const;`);
      continue;
    }
    const size = artifact.evm.deployedBytecode.object.length / 2;
    if (size > CODE_SIZE_LIMIT) tooBig.push(`${name}: ${size} bytes`);
    abis.push(`export const ${name}Abi = ${JSON.stringify(artifact.abi)} as const;`);
    bytecode[name] = `0x${creation}`;
  }
}
if (tooBig.length > 0) {
  console.error(`runtime code over ${CODE_SIZE_LIMIT} bytes:\n${tooBig.join('\n')}`);
  process.exit(1);
}

// every custom error any contract can revert with, so one ABI decodes a revert from any of them
abis.push(`export const skaldErrorsAbi = ${JSON.stringify([...errorsBySignature.values()])} as const;`);

mkdirSync(outDir, { recursive: true });
writeFileSync(
  join(outDir, 'abis.ts'),
  `// Written by chain/scripts/compile.ts from contracts/. Do not edit.\n${abis.join('\n')}\n`,
);
writeFileSync(join(outDir, 'bytecode.json'), `${JSON.stringify(bytecode, null, 2)}\n`);
console.log(
  `compiled ${Object.keys(sources).length} files, ${Object.keys(bytecode).length} contracts in ${Date.now() - started} ms`,
);
