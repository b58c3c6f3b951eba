import fs from "node:fs";
import os from "node:os";
import path from "node:path";

// A tiny MaxMind DB writer for tests (format: https://maxmind.github.io/MaxMind-DB/): an IPv4 tree
// with 24-bit records and a country record per network, enough for mmdb-lib to read like a
// GeoLite2-Country file. Real databases are not committed (licence and size).

type Value = string | number | bigint | Value[] | { [key: string]: Value };

function control(type: number, size: number): Buffer {
  if (size >= 29) throw new Error("test writer: values longer than 28 are not needed");
  return type <= 7 ? Buffer.from([(type << 5) | size]) : Buffer.from([size, type - 7]);
}

function unsigned(type: number, value: bigint): Buffer {
  const bytes: number[] = [];
  for (let v = value; v > 0n; v >>= 8n) bytes.unshift(Number(v & 0xffn));
  return Buffer.concat([control(type, bytes.length), Buffer.from(bytes)]);
}

function encode(value: Value): Buffer {
  if (typeof value === "string") {
    const bytes = Buffer.from(value, "utf8");
    return Buffer.concat([control(2, bytes.length), bytes]);
  }
  if (typeof value === "bigint") return unsigned(9, value);
  if (typeof value === "number") return unsigned(value > 0xffff ? 6 : 5, BigInt(value));
  if (Array.isArray(value)) return Buffer.concat([control(11, value.length), ...value.map(encode)]);
  const entries = Object.entries(value);
  return Buffer.concat([control(7, entries.length), ...entries.flatMap(([k, v]) => [encode(k), encode(v)])]);
}

type Child = { node: number } | { data: number } | null;

/** networks: "203.0.113.0/24" → ISO country code. Writes the file and returns its path. */
export function writeTestCountryDb(networks: Record<string, string>): string {
  const nodes: [Child, Child][] = [[null, null]];
  const data: Buffer[] = [];
  let dataLength = 0;
  for (const [cidr, iso] of Object.entries(networks)) {
    const [address, bits] = cidr.split("/");
    const prefix = Number(bits);
    const ip = address!.split(".").reduce((acc, part) => (acc << 8n) | BigInt(Number(part)), 0n);
    const record = encode({ country: { iso_code: iso, names: { en: iso } } });
    const offset = dataLength;
    data.push(record);
    dataLength += record.length;
    let node = 0;
    for (let depth = 0; depth < prefix; depth += 1) {
      const bit = Number((ip >> BigInt(31 - depth)) & 1n);
      if (depth === prefix - 1) {
        nodes[node]![bit] = { data: offset };
        break;
      }
      const child = nodes[node]![bit];
      if (child && "node" in child) node = child.node;
      else {
        nodes.push([null, null]);
        nodes[node]![bit] = { node: nodes.length - 1 };
        node = nodes.length - 1;
      }
    }
  }
  const nodeCount = nodes.length;
  const recordValue = (child: Child) =>
    child === null ? nodeCount : "node" in child ? child.node : nodeCount + 16 + child.data;
  const tree = Buffer.alloc(nodeCount * 6);
  nodes.forEach(([left, right], index) => {
    tree.writeUIntBE(recordValue(left), index * 6, 3);
    tree.writeUIntBE(recordValue(right), index * 6 + 3, 3);
  });
  const metadata = encode({
    binary_format_major_version: 2,
    binary_format_minor_version: 0,
    build_epoch: 1_764_000_000n,
    database_type: "Test-Country",
    description: { en: "croupier test" },
    ip_version: 4,
    languages: ["en"],
    node_count: nodeCount,
    record_size: 24,
  });
  const file = Buffer.concat([
    tree,
    Buffer.alloc(16),
    ...data,
    Buffer.from([0xab, 0xcd, 0xef]),
    Buffer.from("MaxMind.com"),
    metadata,
  ]);
  const target = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "geoip-")), "test-country.mmdb");
  fs.writeFileSync(target, file);
  return target;
}
