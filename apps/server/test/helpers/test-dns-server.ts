import dgram from 'node:dgram';
import type { AddressInfo } from 'node:net';

/**
 * A tiny DNS server over UDP that answers TXT questions from a map (single-sign-on domain proofs,
 * decision 020): what the server asks through SSO_DNS_SERVERS in the browser journey
 * (e2e/oidc-provider.ts) and in test/public-address.test.ts. Anything else: "no such name".
 */
export interface TestDnsServer {
  /** `host:port` for SSO_DNS_SERVERS. */
  address: string;
  /** Name (lower case, no trailing dot) → TXT records. */
  txtRecords: Map<string, string[]>;
  close(): Promise<void>;
}

const typeTxt = 16;

export async function startTestDnsServer(port = 0): Promise<TestDnsServer> {
  const txtRecords = new Map<string, string[]>();
  const socket = dgram.createSocket('udp4');
  socket.on('message', (query, peer) => {
    const answer = answerTo(query, txtRecords);
    if (answer) socket.send(answer, peer.port, peer.address);
  });
  await new Promise<void>((resolve) => socket.bind(port, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${(socket.address() as AddressInfo).port}`,
    txtRecords,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}

/** RFC 1035: the header, the one question copied, and a TXT answer per record (or NXDOMAIN). */
function answerTo(query: Buffer, txtRecords: Map<string, string[]>): Buffer | null {
  if (query.length < 12) return null;
  const labels: string[] = [];
  let offset = 12;
  while (offset < query.length && query[offset] !== 0) {
    const length = query[offset]!;
    labels.push(query.subarray(offset + 1, offset + 1 + length).toString('ascii'));
    offset += 1 + length;
  }
  const questionEnd = offset + 5; // the root label, type and class
  if (questionEnd > query.length) return null;
  const type = query.readUInt16BE(offset + 1);
  const records = type === typeTxt ? (txtRecords.get(labels.join('.').toLowerCase()) ?? []) : [];
  const answers = records.map((record) => {
    const text = Buffer.from(record, 'utf8');
    const chunks: Buffer[] = [];
    for (let at = 0; at < text.length || chunks.length === 0; at += 255) {
      const part = text.subarray(at, at + 255);
      chunks.push(Buffer.concat([Buffer.from([part.length]), part]));
    }
    const data = Buffer.concat(chunks);
    const fixed = Buffer.alloc(12);
    fixed.writeUInt16BE(0xc00c, 0); // the question's name
    fixed.writeUInt16BE(typeTxt, 2);
    fixed.writeUInt16BE(1, 4); // IN
    fixed.writeUInt32BE(60, 6);
    fixed.writeUInt16BE(data.length, 10);
    return Buffer.concat([fixed, data]);
  });
  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2); // id
  header.writeUInt16BE(
    0x8180 | (records.length === 0 && type === typeTxt && !hasName(labels, txtRecords) ? 3 : 0),
    2,
  );
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(answers.length, 6);
  return Buffer.concat([header, query.subarray(12, questionEnd), ...answers]);
}

function hasName(labels: string[], txtRecords: Map<string, string[]>): boolean {
  return txtRecords.has(labels.join('.').toLowerCase());
}
